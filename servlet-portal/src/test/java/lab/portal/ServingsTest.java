package lab.portal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every mode against the same seeded databases: same data, 12 queries a view, its own threads. */
class ServingsTest {

    private static final int QUERIES_PER_VIEW = 12;

    @ParameterizedTest
    @MethodSource("lab.portal.Serving#all")
    void rendersTheSameDataAsJdbcForTheSameSeed(Serving mode) {
        for (long seed : List.of(7L, 40_001L)) {
            PageData expected = Portal.shared(Serving.valueOf("jdbc")).get("/?seed=" + seed).page();
            Portal.Response response = Portal.shared(mode).get("/?seed=" + seed);

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.contentType()).startsWith("text/html");
            PageData page = response.page();
            assertThat(page.fact("mode")).isEqualTo(mode.id());
            assertThat(page.fact("seed")).isEqualTo(Long.toString(seed));
            assertThat(page.data()).isEqualTo(expected.data());
            assertFilled(page);
            // a complete page stays 200 for a client that asks for degraded pages as errors
            Portal.Response strict = Portal.shared(mode).get("/?seed=" + seed, PortalView.PREFER, PortalView.STRICT);
            assertThat(strict.status()).isEqualTo(200);
            assertThat(strict.page().data()).isEqualTo(expected.data());
        }
    }

    @Test
    void preferHandlingStrictIsFoundAmongOtherPreferences() {
        assertThat(PortalView.strict("handling=strict")).isTrue();
        assertThat(PortalView.strict("respond-async, Handling=Strict")).isTrue();
        assertThat(PortalView.strict("handling=\"strict\"")).isTrue();
        assertThat(PortalView.strict("handling=lenient")).isFalse();
        assertThat(PortalView.strict(null)).isFalse();
    }

    @Test
    void anotherSeedPicksOtherData() {
        Portal portal = Portal.shared(Serving.valueOf("jdbc"));
        assertThat(portal.get("/?seed=1").page().data()).isNotEqualTo(portal.get("/?seed=2").page().data());
        assertFilled(portal.get("/").page()); // no seed: a random one, shown on the page
    }

    @ParameterizedTest
    @MethodSource("lab.portal.Serving#all")
    void everyViewIssuesExactlyTwelveQueriesAndNothingIsCached(Serving mode) {
        Portal portal = Portal.shared(mode);
        long before = portal.executions();

        assertThat(portal.get("/?seed=99").status()).isEqualTo(200);
        assertThat(portal.executions() - before).isEqualTo(QUERIES_PER_VIEW);

        assertThat(portal.get("/?seed=99").status()).isEqualTo(200);
        assertThat(portal.executions() - before).isEqualTo(2 * QUERIES_PER_VIEW);
    }

    @ParameterizedTest
    @MethodSource("lab.portal.Serving#all")
    void onlyTheModesClientsExist(Serving mode) {
        PortalClients clients = Portal.shared(mode).context.getBean(PortalClients.class);
        for (PortalSource source : PortalSource.values()) {
            assertThat(clients.get(source).mode()).isEqualTo(mode.access());
        }
    }

    @Test
    void thePageGoesOutWholeWithItsLength() {
        for (String mode : List.of("jdbc", "nonblocking", "reactive", "webflux", "webflux-vertx")) {
            Portal.Response page = Portal.shared(Serving.valueOf(mode)).get("/?seed=7");
            assertThat(page.contentLength()).as(mode + ": Content-Length, not chunks").isEqualTo(
                    (long) page.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
        }
    }

    @Test
    void jdbcRunsTheQueriesOnTheRequestThread() {
        Portal portal = Portal.shared(Serving.valueOf("jdbc"));
        double asyncBefore = portal.counter("portal.requests.async");
        PageData page = portal.get("/?seed=3").page();

        String requestThread = page.fact("request-thread");
        assertThat(requestThread).startsWith("http-nio-");
        assertThat(page.fact("joined-on")).isEqualTo(requestThread);
        assertThat(page.panels().values()).allSatisfy(p -> assertThat(p.thread()).isEqualTo(requestThread));
        assertThat(portal.counter("portal.requests.async")).isEqualTo(asyncBefore);
    }

    @Test
    void threadpoolRunsTheQueriesOnItsExecutorThreads() {
        Portal portal = Portal.shared(Serving.valueOf("threadpool"));
        List<PageData> pages = pages(portal, 40);

        assertThat(pages).allSatisfy(p -> assertThat(p.fact("request-thread")).startsWith("http-nio-"));
        assertThat(threads(pages)).anySatisfy(t -> assertThat(t).matches("threadpool-(mysql|postgresql)-bench_portal_.*"));
        // one executor per source: the same database on two engines gets two distinct thread names
        assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName)
                .anySatisfy(t -> assertThat(t).startsWith("threadpool-mysql-bench_portal_contacts-"))
                .anySatisfy(t -> assertThat(t).startsWith("threadpool-postgresql-bench_portal_contacts-"))
                .anySatisfy(t -> assertThat(t).startsWith("threadpool-mysql-bench_portal_logs-"))
                .anySatisfy(t -> assertThat(t).startsWith("threadpool-postgresql-bench_portal_logs-"));
    }

    @Test
    void nonblockingResultsArriveOnTheEventLoops() {
        List<PageData> pages = pages(Portal.shared(Serving.valueOf("nonblocking")), 60);

        assertThat(pages).allSatisfy(page -> {
            assertThat(page.fact("request-thread")).startsWith("http-nio-");
            assertThat(threads(List.of(page))).allSatisfy(t -> assertThat(t).satisfiesAnyOf(
                    e -> assertThat(e).startsWith("vert.x-eventloop-thread-"),
                    e -> assertThat(e).isEqualTo(page.fact("request-thread"))));
        });
        assertThat(threads(pages)).anySatisfy(t -> assertThat(t).startsWith("vert.x-eventloop-thread-"));
    }

    @Test
    void virtualRunsTomcatAndTheQueriesOnVirtualThreads() {
        List<PageData> pages = pages(Portal.shared(Serving.valueOf("virtual")), 80);

        assertThat(pages).allSatisfy(p -> assertThat(p.fact("request-virtual")).isEqualTo("true"));
        assertThat(threads(pages)).anySatisfy(t -> assertThat(t).matches("virtual-(mysql|postgresql)-bench_portal_.*"));
    }

    @Test
    void reactiveReleasesTheServletThreadWhileTheQueriesRun() {
        Portal portal = Portal.shared(Serving.valueOf("reactive"));
        double asyncBefore = portal.counter("portal.requests.async");
        List<PageData> pages = pages(portal, 8);

        // Spring MVC started async processing for each: the Tomcat thread went back to the pool ...
        assertThat(portal.counter("portal.requests.async")).isEqualTo(asyncBefore + pages.size());
        // ... and the pages were completed by an event loop, or by the request's thread when every result was in
        // before the join was attached (a busy machine): some page of twenty shows the event loop at work
        assertThat(pages).allSatisfy(p -> assertThat(p.fact("request-thread")).startsWith("http-nio-"));
        assertThat(pages).anySatisfy(p -> assertThat(p.fact("joined-on")).startsWith("vert.x-eventloop-thread-"));
    }

    @Test
    void reactiveServesManyConnectionsOnAFewTomcatThreads() {
        Portal portal = Portal.shared(Serving.valueOf("reactive"));
        List<CompletableFuture<Portal.Response>> views = IntStream.range(0, 100).mapToObj(i -> portal.getAsync("/?seed=" + i)).toList();

        assertThat(views.stream().map(CompletableFuture::join)).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
        // Tomcat's default (200) would have grown a thread for most of the 100 connections
        String requestThread = portal.get("/?seed=1").page().fact("request-thread");
        String executor = requestThread.substring(0, requestThread.indexOf("-exec-") + "-exec-".length());
        assertThat(Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith(executor)))
                .hasSizeBetween(1, Serving.REACTIVE_TOMCAT_THREADS);
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"webflux, r2dbc-", "webflux-vertx, vert.x-eventloop-thread-"})
    void webfluxServesOnEventLoopsOnly(String mode, String clientThreads) {
        Portal portal = Portal.shared(Serving.valueOf(mode));
        // Reactor Netty's event loop fired the queries; each panel and the page were completed on the client's event
        // loop, or on the request's own when a result was in before its callback was attached (a fast loopback query):
        // never on a thread of another kind. Some page of twenty shows the client's loop at work.
        List<PageData> pages = pages(portal, 10);
        for (PageData page : pages) {
            assertThat(page.fact("request-thread")).startsWith("reactor-http-");
            assertThat(page.fact("joined-on")).satisfiesAnyOf(t -> assertThat(t).startsWith(clientThreads),
                    t -> assertThat(t).startsWith("reactor-http-"));
            assertThat(threads(List.of(page))).allSatisfy(t -> assertThat(t).satisfiesAnyOf(c -> assertThat(c).startsWith(clientThreads),
                    c -> assertThat(c).startsWith("reactor-http-")));
        }
        assertThat(threads(pages)).anySatisfy(t -> assertThat(t).startsWith(clientThreads));
        List<CompletableFuture<Portal.Response>> views = IntStream.range(0, 50).mapToObj(i -> portal.getAsync("/?seed=" + i)).toList();
        assertThat(views.stream().map(CompletableFuture::join)).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
        assertThat(portal.context.getBean(org.springframework.web.reactive.result.view.freemarker.FreeMarkerViewResolver.class)
                .resolveViewName("portal", java.util.Locale.ROOT).block()).isInstanceOf(lab.portal.webflux.EventLoopFreeMarkerView.class);
    }

    @Test
    void blockingModesKeepTheirServletThread() {
        for (Serving mode : List.of(Serving.valueOf("threadpool"), Serving.valueOf("nonblocking"), Serving.valueOf("virtual"))) {
            Portal portal = Portal.shared(mode);
            double before = portal.counter("portal.requests.async");
            assertThat(portal.get("/?seed=9").status()).isEqualTo(200);
            assertThat(portal.counter("portal.requests.async")).as(mode.id()).isEqualTo(before);
        }
    }

    /**
     * Twenty pages from {@code firstSeed} on. A panel names the thread its result arrived on, or the
     * request thread when the result was in before the request thread attached to it (a busy
     * machine: CI once saw all four panels of one virtual page so), so a mode's threads are looked
     * for across pages, not in one.
     */
    private static List<PageData> pages(Portal portal, int firstSeed) {
        return IntStream.range(firstSeed, firstSeed + 20).mapToObj(seed -> portal.get("/?seed=" + seed).page()).toList();
    }

    private static List<String> threads(List<PageData> pages) {
        return pages.stream().flatMap(page -> page.panels().values().stream()).map(PageData.PanelData::thread).toList();
    }

    static void assertFilled(PageData page) {
        assertThat(page.panels()).containsOnlyKeys("contacts-mysql", "contacts-pg", "logs-mysql", "logs-pg");
        for (Map.Entry<String, PageData.PanelData> panel : page.panels().entrySet()) {
            assertThat(panel.getValue().ok()).as(panel.getKey() + " ok: " + panel.getValue().error()).isTrue();
            int rows = panel.getKey().startsWith("contacts") ? Picks.CONTACTS_PER_SOURCE : 1;
            assertThat(panel.getValue().data()).as(panel.getKey()).hasSize(rows);
        }
        assertThat(page.fact("queries")).isEqualTo("12");
    }
}
