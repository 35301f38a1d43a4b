package lab.portal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Health with each source's status, liveness; Prometheus metrics with requests, threads, heap and the
 * access meters; on both web stacks.
 */
class ActuatorTest {

    @ParameterizedTest
    @ValueSource(strings = {"nonblocking", "webflux", "webflux-vertx"})
    void healthIncludesEverySourceWithItsStatusOnly(String mode) {
        Portal.Response health = Portal.shared(Serving.valueOf(mode)).get("/actuator/health");

        assertThat(health.status()).isEqualTo(200);
        assertThat(health.json("$.status")).isEqualTo("UP");
        for (PortalSource source : PortalSource.values()) {
            String at = "$.components.sources.components['" + source.id() + "']";
            assertThat(health.json(at + ".status")).as(source.id()).isEqualTo("UP");
        }
        // anyone may ask: no details (disk space's path and free bytes, a source's mode or timing)
        assertThat(health.body()).doesNotContain("details", "diskSpace", "path", "free", "mode");
    }

    @ParameterizedTest
    @ValueSource(strings = {"nonblocking", "webflux"})
    void livenessAnswersWithoutTheSources(String mode) {
        Portal.Response live = Portal.shared(Serving.valueOf(mode)).get("/actuator/health/liveness");

        assertThat(live.status()).isEqualTo(200);
        assertThat(live.json("$.status")).isEqualTo("UP");
        assertThat(live.body()).doesNotContain("sources");
    }

    @Test
    void prometheusHasRequestsThreadsHeapAndAccessMeters() {
        Portal portal = Portal.shared(Serving.valueOf("nonblocking"));
        assertThat(portal.get("/?seed=1").status()).isEqualTo(200);

        Portal.Response metrics = portal.get("/actuator/prometheus");
        assertThat(metrics.status()).isEqualTo(200);
        // the page is done and the scrape does not count itself: nothing in flight
        assertThat(metrics.body()).containsPattern("http_server_requests_in_flight\\{[^}]*portal_mode=\"nonblocking\"} 0\\.0");
        assertThat(metrics.body()).contains(
                "http_server_requests_seconds_count{",
                "http_server_requests_seconds_bucket{",
                "jvm_threads_live_threads{",
                "jvm_memory_used_bytes{application=\"servlet-portal\",area=\"heap\"",
                "access_execution_seconds_count{",
                "access_wait_seconds_count{",
                "access_calls_inflight{",
                "access_queue_depth{",
                "access_rejected_total{",
                "portal_requests_async_total{",
                "portal_panel_failures_total{",
                "mode=\"nonblocking\"",
                "portal_mode=\"nonblocking\"");
    }

    /** WebFlux: the same meters, tagged with the app that serves them, and no Tomcat or MVC meters. */
    @ParameterizedTest
    @ValueSource(strings = {"webflux", "webflux-vertx"})
    void prometheusOnWebfluxIsTaggedWithTheWebfluxPortal(String mode) {
        Portal portal = Portal.shared(Serving.valueOf(mode));
        assertThat(portal.get("/?seed=1").status()).isEqualTo(200);

        Portal.Response metrics = portal.get("/actuator/prometheus");
        assertThat(metrics.status()).isEqualTo(200);
        assertThat(metrics.body()).contains(
                "http_server_requests_seconds_count{",
                "jvm_memory_used_bytes{application=\"webflux-portal\",area=\"heap\"",
                "access_execution_seconds_count{",
                "access_calls_inflight{",
                "access_pool_open{",
                "portal_panel_failures_total{",
                "portal_mode=\"" + mode + "\"");
        assertThat(metrics.body()).doesNotContain("application=\"servlet-portal\"", "tomcat_", "portal_requests_async_total");
    }

    @ParameterizedTest
    @ValueSource(strings = {"nonblocking", "webflux"})
    void onlyHealthAndPrometheusAreExposed(String mode) {
        Portal portal = Portal.shared(Serving.valueOf(mode));
        for (String hidden : new String[] {"/actuator/env", "/actuator/beans", "/actuator/metrics", "/actuator/heapdump"}) {
            assertThat(portal.get(hidden).status()).as(hidden).isEqualTo(404);
        }
    }

    @Test
    void pagesReuseOneResolvedViewInsteadOfBuildingOneEach() {
        Portal portal = Portal.shared(Serving.valueOf("nonblocking"));
        assertThat(portal.get("/?seed=1").status()).isEqualTo(200);
        var resolver = portal.context.getBean(org.springframework.web.servlet.view.freemarker.FreeMarkerViewResolver.class);
        assertThat(resolver.isCache()).as("views cached").isTrue();
    }
}
