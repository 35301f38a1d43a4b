package lab.loadgen.tool;

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
        assertEquals(5000 / 10.0012, m.requestsPerSec(), 1e-9, "responses of any status over the run");
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
        assertEquals(402.9, m.requestsPerSec());
        assertEquals(24.7, m.meanReplyMs());
        assertEquals(1L, m.errors());
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
                "-q", "400", "--latency-correction", "-w", "-t", "5s", "http://127.0.0.1:8081/"), cmd);
    }
}
