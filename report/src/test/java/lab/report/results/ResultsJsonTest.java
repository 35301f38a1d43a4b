package lab.report.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

/** results.json has DESIGN.md's shape: run{id, started, profile, machine{cpus, memoryMb, os, jvm}}, series[{app, mode, tool, points[...]}]. */
class ResultsJsonTest {

    static final List<String> POINT_FIELDS = List.of("concurrency", "requestsPerSec", "meanReplyMs", "p50Ms", "p99Ms",
            "errors", "serverThreads", "serverHeapMb");

    static Point httperfPoint() {
        return new Point(50, 936.7, 43.5, null, null, 0L, 212, 148.2, null, null, null, null, 5000L, 5.338,
                null, 50, 71.0, 99.0, 5.3, false, null, Map.of(), 0L, Map.of("p50Ms", "httperf prints no latency percentiles",
                "p99Ms", "httperf prints no latency percentiles"), List.of(), null, "raw/x.txt", "2026-01-01T00:00:00Z");
    }

    static Results sample() {
        Machine m = new Machine(2, 24105L, "Debian", "OpenJDK 25", "box", true, "loopback", "compose", "databases 1, apps 1, loadgen 0 (0 = no cap)", java.util.Map.of("mysql server", "MariaDB 10.11"));
        Run run = new Run("20260101-000000-smoke", "2026-01-01T00:00:00Z", null, "smoke", m, "complete", "listed",
                Map.of(), Map.of(), List.of(), null, null, null, null);
        return new Results(run, List.of(new Series("portal", "jdbc", "httperf", "portal-jdbc", "http://127.0.0.1:8081/",
                List.of(httperfPoint()))));
    }

    @Test
    void shapeIsExactlyDesignMdsWithNullsWritten(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(ResultsJson.FILE_NAME);
        ResultsJson.write(sample(), file);
        JsonNode root = ResultsJson.mapper().readTree(file.toFile());
        assertEquals(List.of("run", "series"), names(root));
        JsonNode run = root.get("run");
        for (String f : List.of("id", "started", "profile", "machine")) {
            assertTrue(run.has(f), "run." + f);
        }
        for (String f : List.of("cpus", "memoryMb", "os", "jvm")) {
            assertTrue(run.get("machine").has(f), "run.machine." + f);
        }
        assertEquals(2, run.get("machine").get("cpus").asInt());
        JsonNode series = root.get("series").get(0);
        assertEquals(List.of("app", "mode", "tool"), names(series).subList(0, 3));
        assertTrue(series.get("points").isArray());
        JsonNode point = series.get("points").get(0);
        // DESIGN.md's eight fields come first, in its order; unmeasured ones are explicit nulls
        assertEquals(POINT_FIELDS, names(point).subList(0, POINT_FIELDS.size()));
        assertTrue(point.get("p50Ms").isNull());
        assertTrue(point.get("p99Ms").isNull());
        assertEquals(936.7, point.get("requestsPerSec").asDouble());
        assertEquals("httperf prints no latency percentiles", point.get("unmeasured").get("p99Ms").asString());
    }

    @Test
    void aLinkCalibrationTheRunRecordedReadsBackByItsRoundTrip(@TempDir Path dir) {
        Results r = sample();
        Run run = r.run().withLinkCalibration(new Run.LinkCalibrated(0.19, Map.of("contacts_mysql", 0.192, "contacts_pg", 0.18)));
        Path file = dir.resolve(ResultsJson.FILE_NAME);
        ResultsJson.write(new Results(run, r.series()), file);
        Run back = ResultsJson.read(file).run();
        assertEquals(Map.of("contacts_mysql", 0.192, "contacts_pg", 0.18), back.calibratedAt(0.19));
        assertTrue(back.calibratedAt(78).isEmpty(), "a link that was not calibrated");
        assertTrue(r.run().calibratedAt(0.19).isEmpty(), "a run that calibrated none");
    }

    @Test
    void readsBackWhatItWrote(@TempDir Path dir) {
        Path file = dir.resolve(ResultsJson.FILE_NAME);
        ResultsJson.write(sample(), file);
        Results back = ResultsJson.read(file);
        assertEquals(sample(), back);
    }

    @Test
    void writesIntoAFolderNotYetMade(@TempDir Path dir) {
        // make up's warm-up writes results/.warmup.json on a fresh clone, before any run made results/
        Path file = dir.resolve("results").resolve(".warmup.json");
        ResultsJson.write(Map.of("done", true), file);
        assertEquals(Map.of("done", true), ResultsJson.readIfPresent(file, Map.class).orElseThrow());
    }

    @Test
    void scriptTextCannotCloseTheScriptElement() {
        String s = ResultsJson.forScript(Map.of("error", "</script><b>"));
        assertFalse(s.contains("<"), s);
    }

    private static List<String> names(JsonNode n) {
        List<String> l = new ArrayList<>();
        n.propertyNames().forEach(l::add);
        return l;
    }
}
