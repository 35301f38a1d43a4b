package lab.loadgen.tool;

import lab.report.results.Point;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;

import lab.loadgen.Fixtures;

/** Every load-tool output among the test fixtures, through the parser of the tool that printed it. */
class ParsersTest {

    private static final double EPS = 0.005;

    /** What each fixture must parse to; a fixture without an entry here fails {@link #everyFixtureIsChecked()}. */
    private static final Map<String, Consumer<Measurement>> EXPECTED = Map.ofEntries(
            Map.entry("wrk2-latency.txt", m -> assertAll(
                    () -> assertEquals(476.03, m.requestsPerSec(), EPS),
                    () -> assertEquals(502.50, m.meanReplyMs(), EPS),
                    () -> assertEquals(750.59, m.latencies().p50(), EPS),
                    () -> assertEquals(1040.0, m.latencies().p90(), EPS),
                    () -> assertEquals(1100.0, m.latencies().p99(), EPS),
                    () -> assertEquals(1110.0, m.latencies().p999(), EPS),
                    () -> assertEquals(1110.0, m.latencies().max(), EPS),
                    () -> assertEquals(5713L, m.requests()),
                    () -> assertEquals(12.0, m.durationSec(), EPS),
                    () -> assertEquals(0L, m.errors()),
                    () -> assertNull(m.error()))),
            Map.entry("wrk2-uncorrected.txt", m -> assertAll(
                    // corrected spectrum (printed first): 1.26ms, not the uncorrected 251us
                    () -> assertEquals(1.26, m.latencies().p50(), EPS),
                    () -> assertEquals(962.05, m.latencies().p75(), EPS),
                    () -> assertEquals(1120.0, m.latencies().p99(), EPS),
                    () -> assertEquals(1130.0, m.latencies().p999(), EPS),
                    () -> assertEquals(407.20, m.meanReplyMs(), EPS),
                    () -> assertEquals(480.44, m.requestsPerSec(), EPS))),
            Map.entry("wrk2-non2xx.txt", m -> assertAll(
                    // every answer a 404: no success, whatever wrk's Requests/sec says
                    () -> assertEquals(0.0, m.requestsPerSec(), EPS),
                    () -> assertEquals(226.81, m.answersPerSec(), EPS),
                    () -> assertEquals(100.0, m.errorRatePct(), EPS),
                    () -> assertEquals(2690.0, m.meanReplyMs(), EPS),
                    () -> assertEquals(2722L, m.errors()),
                    () -> assertEquals(2722L, m.errorDetail().get("non2xx3xx")),
                    () -> assertNull(m.latencies().p50()),
                    () -> assertTrue(m.unmeasured().get("p99Ms").contains("without --latency")),
                    () -> assertNull(m.error()))),
            Map.entry("wrk2-overload.txt", m -> assertAll(
                    () -> assertEquals(533.83, m.requestsPerSec(), EPS),
                    () -> assertEquals(8040.0, m.meanReplyMs(), EPS),
                    () -> assertEquals(8040.0, m.latencies().p50(), EPS),
                    () -> assertEquals(8700.0, m.latencies().p99(), EPS),
                    () -> assertEquals(8740.0, m.latencies().p999(), EPS),
                    () -> assertEquals(0L, m.errors()))),
            Map.entry("wrk2-timeouts.txt", m -> assertAll(
                    () -> assertEquals(2.48, m.requestsPerSec(), EPS),
                    () -> assertEquals(30L, m.errors()),
                    () -> assertEquals(30L, m.errorDetail().get("timeout")),
                    () -> assertEquals(3000.0, m.latencies().p50(), EPS),
                    () -> assertEquals(5800.0, m.latencies().p99(), EPS),
                    () -> assertEquals(8.06, m.durationSec(), EPS))),
            Map.entry("wrk2-refused.txt", m -> assertAll(
                    () -> assertTrue(m.error().contains("Connection refused"), m.error()),
                    () -> assertNull(m.requestsPerSec()),
                    () -> assertNull(m.meanReplyMs()),
                    () -> assertNull(m.latencies().p99()),
                    () -> assertNull(m.errors()),
                    () -> assertNull(m.requests()))),
            Map.entry("wrk-latency.txt", m -> assertAll(
                    () -> assertEquals(455.80, m.requestsPerSec(), EPS),
                    () -> assertEquals(43.75, m.meanReplyMs(), EPS),
                    () -> assertEquals(43.98, m.latencies().p50(), EPS),
                    () -> assertEquals(44.01, m.latencies().p75(), EPS),
                    () -> assertEquals(44.08, m.latencies().p90(), EPS),
                    () -> assertEquals(47.99, m.latencies().p99(), EPS),
                    () -> assertNull(m.latencies().p999()),
                    () -> assertTrue(m.unmeasured().get("p999Ms").contains("99.9")),
                    () -> assertEquals(2280L, m.requests()),
                    () -> assertEquals(0L, m.errors()))),
            Map.entry("wrk-slow.txt", m -> assertAll(
                    () -> assertEquals(213.72, m.requestsPerSec(), EPS),
                    () -> assertEquals(91.40, m.meanReplyMs(), EPS),
                    () -> assertNull(m.latencies().p50()),
                    () -> assertEquals(5.10, m.durationSec(), EPS),
                    () -> assertEquals(0L, m.errors()))),
            Map.entry("wrk-status.txt", m -> assertAll(
                    () -> assertEquals(91.89 * 207 / 276, m.requestsPerSec(), EPS),
                    () -> assertEquals(91.89, m.answersPerSec(), EPS),
                    () -> assertEquals(207L, m.successes()),
                    () -> assertEquals(69L, m.errors()),
                    () -> assertEquals(Map.of("status502", 69L), m.errorDetail()),
                    () -> assertEquals(25.0, m.errorRatePct(), EPS),
                    () -> assertEquals(Point.ALL_ANSWERS, m.latencyOf()))),
            Map.entry("wrk-timeouts.txt", m -> assertAll(
                    // 10 replies, each slower than --timeout: wrk counts them as requests and as timeouts; they
                    // are failures only (it once read them as 10 successes and 10 failures, 50 %)
                    () -> assertEquals(0.0, m.requestsPerSec(), EPS),
                    () -> assertEquals(100.0, m.errorRatePct(), EPS, "10 replies, 10 timeouts"),
                    // latency 0.00us / -nan%: nothing completed in time, so no reply time at all
                    () -> assertNull(m.meanReplyMs()),
                    () -> assertTrue(m.unmeasured().get("meanReplyMs").contains("timeout")),
                    () -> assertNull(m.latencies().p50()),
                    () -> assertEquals(10L, m.errors()),
                    () -> assertEquals(10L, m.requests()))),
            Map.entry("httperf-ok.txt", m -> assertAll(
                    () -> assertEquals(5000 / 5.338, m.requestsPerSec(), EPS),
                    () -> assertEquals(43.5, m.meanReplyMs(), EPS),
                    () -> assertNull(m.latencies().p50()),
                    () -> assertNull(m.latencies().p99()),
                    () -> assertEquals("httperf prints no latency percentiles", m.unmeasured().get("p99Ms")),
                    () -> assertEquals(0L, m.errors()),
                    () -> assertEquals(50, m.achievedConcurrency()),
                    () -> assertNull(m.clientLimit()),
                    () -> assertNull(m.error()))),
            Map.entry("httperf-refused.txt", m -> assertAll(
                    () -> assertEquals(0.0, m.requestsPerSec(), EPS),
                    () -> assertNull(m.meanReplyMs()),
                    () -> assertEquals(20L, m.errors()),
                    () -> assertEquals(20L, m.errorDetail().get("connrefused")),
                    () -> assertTrue(m.error().contains("connrefused 20"), m.error()))),
            Map.entry("httperf-timeouts.txt", m -> assertAll(
                    // zero reply-rate samples: the rate comes from replies / test-duration instead
                    () -> assertEquals(1000 / 1.417, m.requestsPerSec(), EPS),
                    () -> assertEquals(83.9, m.meanReplyMs(), EPS),
                    () -> assertEquals(86, m.achievedConcurrency()),
                    () -> assertEquals(0L, m.errors()))));

    static Measurement parse(String fixture) {
        return Fixtures.parse(fixture);
    }

    @Test
    void everyFixtureIsChecked() {
        List<String> all = Fixtures.all();
        assertTrue(all.size() >= 12, "fixtures found: " + all);
        for (String f : all) {
            assertTrue(EXPECTED.containsKey(f), "fixture " + f + " has no expectations in ParsersTest");
        }
    }

    @Test
    void everyFixtureParsesToItsFigures() {
        for (String f : Fixtures.all()) {
            Measurement m = parse(f);
            assertNotNull(m, f);
            try {
                EXPECTED.get(f).accept(m);
            } catch (AssertionError e) {
                throw new AssertionError(f + ": " + e.getMessage(), e);
            }
            // a null figure always carries its reason
            if (m.requestsPerSec() == null) {
                assertTrue(m.unmeasured().containsKey("requestsPerSec") || m.error() != null, f);
            }
            if (m.latencies().p99() == null) {
                assertTrue(m.unmeasured().containsKey("p99Ms") || m.error() != null, f);
            }
        }
    }

    @Test
    void httperfProcessesMergeBySumsAndWeights() {
        HttperfStats ok = HttperfStats.parse(Fixtures.read("httperf-ok.txt"));
        HttperfStats slow = HttperfStats.parse(Fixtures.read("httperf-timeouts.txt"));
        Measurement m = HttperfStats.merge(List.of(ok, slow)).toMeasurement();
        assertEquals(6000L, m.requests());
        assertEquals(6000 / 5.338, m.requestsPerSec(), EPS);
        assertEquals((43.5 * 5000 + 83.9 * 1000) / 6000, m.meanReplyMs(), EPS);
        assertEquals(136, m.achievedConcurrency());
    }

    @Test
    void httperfClientLimitsFlagTheTool() {
        String out = Fixtures.read("httperf-ok.txt").replace("fd-unavail 0", "fd-unavail 7");
        Measurement m = new HttperfParser().parse(out);
        assertTrue(m.clientLimit().contains("fd-unavail 7"), m.clientLimit());
    }

    @Test
    void unitsOfEveryKind() {
        assertEquals(0.0123, Units.millis("12.3us"), 1e-9);
        assertEquals(750.59, Units.millis("750.59ms"), 1e-9);
        assertEquals(1110.0, Units.millis("1.11s"), 1e-9);
        assertEquals(60_000.0, Units.millis("1.00m"), 1e-9);
        assertNull(Units.millis("-nan"));
        assertNull(Units.number("-nan"));
        assertEquals(3.5, Units.number("3.50"), 1e-9);
    }
}
