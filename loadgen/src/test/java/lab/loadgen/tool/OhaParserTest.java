package lab.loadgen.tool;

import lab.report.results.Point;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** oha's JSON report (the shape oha 1.x prints with --output-format json), read as JSON. */
class OhaParserTest {

    static final String JSON = """
            {"summary":{"successRate":1.0,"total":10.0012,"slowest":0.2501,"fastest":0.0011,"average":0.0123,
            "requestsPerSec":500.1,"totalData":1000,"sizePerRequest":200,"sizePerSec":100.0},
            "latencyPercentiles":{"p10":0.002,"p25":0.004,"p50":0.010,"p75":0.015,"p90":0.02,"p95":0.03,
            "p99":0.08,"p99.9":0.2,"p99.99":0.25},
            "statusCodeDistribution":{"200":4990,"503":10},
            "errorDistribution":{"connection closed":2}}
            """;

    @Test
    void readsRateLatenciesAndErrors() {
        Measurement m = new OhaParser().parse(JSON);
        assertNull(m.error());
        assertEquals(4990 / 10.0012, m.requestsPerSec(), 1e-9, "goodput: the 2xx answers over the run");
        assertEquals(5000 / 10.0012, m.answersPerSec(), 1e-9, "answers of any status");
        assertEquals(4990L, m.successes());
        assertEquals(12 * 100.0 / (4990 + 12), m.errorRatePct(), 1e-9);
        assertEquals(Point.ALL_ANSWERS, m.latencyOf(), "without the breakdown oha times every answer alike");
        assertEquals(12.3, m.meanReplyMs(), 1e-9);
        assertEquals(10.0, m.latencies().p50(), 1e-9);
        assertEquals(80.0, m.latencies().p99(), 1e-9);
        assertEquals(200.0, m.latencies().p999(), 1e-9);
        assertEquals(250.1, m.latencies().max(), 1e-9);
        assertEquals(12L, m.errors(), "10 non-2xx + 2 connection errors");
        assertEquals(10L, m.errorDetail().get("status503"));
    }

    @Test
    void ceilingResultLineIsReadAsJson() {
        Measurement m = new CeilingParser().parse("12:00 INFO starting\n{\"requests\":1221,\"durationSec\":3.03,"
                + "\"requestsPerSec\":402.9,\"meanReplyMs\":24.7,\"errors\":1,\"failedPages\":2}\n");
        assertNull(m.error());
        assertEquals((1221 - 2) / 3.03, m.requestsPerSec(), 1e-9, "pages with a failed panel are no successes");
        assertEquals(402.9, m.answersPerSec());
        assertEquals(24.7, m.meanReplyMs());
        assertEquals(3L, m.errors(), "1 error + 2 pages with a failed panel");
        assertEquals(2L, m.errorDetail().get("failedPages"));
        assertNotNull(new CeilingParser().parse("Exception in thread main\n").error());
    }

    @Test
    void noJsonIsAFailureWithTheFirstLine() {
        Measurement m = new OhaParser().parse("error: Connection refused\n");
        assertNotNull(m.error());
        assertTrue(m.error().contains("Connection refused"), m.error());
    }

    @Test
    void commandLineIsOpenLoopWithLatencyCorrection() {
        var tool = new OhaTool(new Executable("oha", java.nio.file.Path.of("/usr/bin/oha"), "oha 1.16.0", null));
        var cmd = tool.commands(new ToolRequest("127.0.0.1", 8081, "/", 25, 10, 5, 5, 400, 2)).getFirst();
        assertEquals(java.util.List.of("/usr/bin/oha", "--no-tui", "--output-format", "json", "-z", "10s", "-c", "25",
                "-q", "400", "--latency-correction", "-H", "Prefer: handling=strict", "--stats-success-breakdown",
                "-w", "-t", "5s", "http://127.0.0.1:8081/"), cmd);
    }

    /** oha 1.16 with --stats-success-breakdown, as it printed it against a server answering one in four with 502. */
    static final String BREAKDOWN = """
            {"summary":{"successRate":1.0,"total":2.0,"slowest":1.0977,"fastest":0.0006,"average":0.55,
            "requestsPerSec":90.5,"totalData":905,"sizePerRequest":5,"sizePerSec":452.3},
            "latencyPercentiles":{"p50":0.55,"p75":0.82,"p90":0.98,"p99":1.07,"p99.9":1.09,"p99.99":1.09},
            "responseTimeHistogramSuccessful":{"0.1":10,"0.5":20,"1.0":10},
            "latencyPercentilesSuccessful":{"p50":0.548,"p75":0.815,"p90":0.981,"p99":1.076,"p99.9":1.079,"p99.99":1.079},
            "responseTimeHistogramNotSuccessful":{"0.2":5,"0.4":5,"1.1":0},
            "latencyPercentilesNotSuccessful":{"p50":0.569,"p75":0.833,"p90":1.001,"p99":1.097,"p99.9":1.097,"p99.99":1.097},
            "statusCodeDistribution":{"200":40,"502":10},"errorDistribution":{}}
            """;

    @Test
    void successesAreTimedApartFromFailures() {
        Measurement m = new OhaParser().parse(BREAKDOWN);
        assertNull(m.error());
        assertEquals(20.0, m.requestsPerSec(), 1e-9, "40 successes in 2 s");
        assertEquals(25.0, m.answersPerSec(), 1e-9);
        assertEquals(20.0, m.errorRatePct(), 1e-9);
        assertEquals(10L, m.errorDetail().get("status502"), "a portal page with a failed panel, asked as an error");
        assertEquals(Point.SUCCESSES, m.latencyOf());
        assertEquals(548.0, m.latencies().p50(), 1e-9, "the successes' percentiles");
        assertEquals((0.1 * 10 + 0.5 * 20 + 1.0 * 10) / 40 * 1000, m.meanReplyMs(), 1e-9, "weighted from the success histogram");
        assertEquals(300.0, m.failureMeanMs(), 1e-9, "the failures' own mean");
        assertEquals(1000.0, m.latencies().max(), 1e-9, "the slowest success bucket");
        assertEquals(550.0, m.answersMeanMs(), 1e-9, "oha's own mean of every answer, for Little's law");
    }
}
