package lab.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Map;
import lab.access.SourceUrl;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One source unreachable from the start (a closed port): the page still renders within its
 * timeout, that panel names the failure, the other three are filled, and health says which.
 */
class SourceDownTest {

    private static final Duration SLACK = Duration.ofSeconds(2);

    @ParameterizedTest(name = "{0} with {1} down")
    @CsvSource({
            "JDBC,        CONTACTS_PG",
            "THREADPOOL,  LOGS_MYSQL",
            "NONBLOCKING, CONTACTS_MYSQL",
            "VIRTUAL,     LOGS_PG",
            "REACTIVE,    CONTACTS_PG",
            "WEBFLUX,     LOGS_MYSQL",
            "webflux-vertx, CONTACTS_PG",
    })
    void pageRendersWithThatPanelsErrorAndTheOthersFilled(Serving mode, PortalSource down) {
        SourceUrl seeded = TestDatabases.urls().get(down);
        SourceUrl closedPort = new SourceUrl(seeded.engine(), seeded.user(), seeded.password(), "127.0.0.1", 1, seeded.database());
        try (Portal portal = Portal.start(mode, Map.of(TestDatabases.property(down), TestDatabases.text(closedPort)))) {
            Portal.Response response = portal.get("/?seed=11");

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.took()).isLessThan(Portal.PAGE_TIMEOUT.plus(SLACK));
            PageData page = response.page();
            assertThat(page.fact("mode")).isEqualTo(mode.id());
            page.panels().forEach((source, panel) -> {
                if (source.equals(down.id())) {
                    assertThat(panel.ok()).isFalse();
                    assertThat(panel.error()).contains("127.0.0.1:1/");
                    assertThat(panel.data()).isEmpty();
                } else {
                    assertThat(panel.ok()).as(source + ": " + panel.error()).isTrue();
                    assertThat(panel.data()).isNotEmpty();
                }
            });
            assertThat(response.body()).contains("Sources failed</dt><dd>1 of 4");
            assertThat(portal.context.getBean(MeterRegistry.class).get("portal.panel.failures")
                    .tag("panel", down.id()).counter().count()).isEqualTo(1);

            // A load tool asks for degraded pages as errors: the same page, as 502.
            Portal.Response strict = portal.get("/?seed=11", PortalView.PREFER, PortalView.STRICT);
            assertThat(strict.status()).isEqualTo(502);
            assertThat(strict.body()).contains("Sources failed</dt><dd>1 of 4");

            Portal.Response health = portal.get("/actuator/health");
            assertThat(health.status()).isEqualTo(503);
            for (PortalSource source : PortalSource.values()) {
                assertThat(health.json("$.components.sources.components['" + source.id() + "'].status"))
                        .as(source.id()).isEqualTo(source == down ? "DOWN" : "UP");
            }
            // Unauthenticated: why and where (driver message, host:port/db) stay in the log.
            assertThat(health.body()).doesNotContain("127.0.0.1", "\"error\"", "Connection");
        }
    }
}
