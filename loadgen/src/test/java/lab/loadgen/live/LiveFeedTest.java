package lab.loadgen.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lab.loadgen.metrics.PrometheusText;

/** live.json as the sweep writes it and the dashboard reads it; rates from the apps' request timers. */
class LiveFeedTest {

    private static PrometheusText scrape(long pages, long failed, long probes) {
        return PrometheusText.parse("""
                http_server_requests_seconds_count{method="GET",outcome="SUCCESS",status="200",uri="/"} %d
                http_server_requests_seconds_count{method="GET",outcome="SERVER_ERROR",status="502",uri="/"} %d
                http_server_requests_seconds_count{method="GET",outcome="SUCCESS",status="200",uri="/actuator/prometheus"} %d
                http_server_requests_seconds_count{method="GET",outcome="SUCCESS",status="200",uri="/metrics"} %d
                jvm_threads_live_threads 42
                process_cpu_usage 0.25
                """.formatted(pages, failed, probes, probes));
    }

    @Test
    void ratesCountPagesNotProbesAndSplitGoodputFromErrors() {
        var before = RequestRates.counts(scrape(100, 10, 5), 1_000);
        var after = RequestRates.counts(scrape(300, 30, 500), 3_000);
        var s = RequestRates.between("portal-jdbc", before, after);
        assertEquals(110.0, s.answers());
        assertEquals(100.0, s.goodput());
        assertEquals(10.0, s.errors());
        assertEquals(42, s.threads());
        assertEquals(25.0, s.cpuPct());
        assertNull(RequestRates.between("portal-jdbc", after, before), "a counter that went back: a restart, no rate");
        assertEquals(0.0, RequestRates.counts(PrometheusText.parse("jvm_threads_live_threads 3\n"), 0).answers(),
                "no page timer yet: no page answered yet");
        assertNull(RequestRates.counts(PrometheusText.parse("other_metric 3\n"), 0), "not an instance's metrics");
    }

    @Test
    void whatTheSweepWritesTheDashboardReads(@TempDir Path dir) throws Exception {
        try (LiveFeed feed = new LiveFeed(dir, "20261202-000000-map", 72, 1800)) {
            feed.measuring("portal-jdbc", "portal", "jdbc", "wrk", 200, 78.0, "round 2");
            feed.scraped("portal-jdbc", scrape(0, 0, 0));
            Thread.sleep(LiveFeed.RATE_OVER_MS + 50);
            feed.scraped("portal-jdbc", scrape(500, 0, 3));
            feed.pointDone(false, 600, 900.0);
            LiveStatus s = LiveStatus.read(dir).orElseThrow();
            assertTrue(s.running());
            assertEquals(72, s.plannedPoints());
            assertEquals(1, s.pointsDone());
            assertEquals(600.0, s.etaSec());
            assertEquals("round 2", s.now().phase());
            assertEquals(1, s.samples().size());
            assertTrue(s.samples().getFirst().answers() > 400, String.valueOf(s.samples()));
            assertFalse(s.silentFor(System.currentTimeMillis(), 10_000));

            feed.finish("interrupted", false);
            s = LiveStatus.read(dir).orElseThrow();
            assertEquals("interrupted", s.status());
            assertFalse(s.reportReady());
            assertNull(s.now());
        }
    }
}
