package lab.microbench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import lab.microbench.Plan;
import lab.report.results.ForkLoads;
import lab.report.results.JmhScore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each fork's load average, as its fork logged it, joined into the JMH result entry of its point. */
class ForkLoadTest {

    @TempDir
    Path dir;

    @Test
    void eachPointGetsItsForksLoadsInTheOrderTheyRan() throws Exception {
        Path json = Files.writeString(dir.resolve("thesis-vertical.json.part0"), "[" + entry("1") + "," + entry("200") + "]");
        Path log = ForkLoad.logOf(json);
        Files.write(log, List.of(ForkLoad.key(Map.of("variant", "jdbc", "connections", "1")) + "\t0.5\t2",
                ForkLoad.key(Map.of("connections", "200", "variant", "jdbc")) + "\t2.75\t2",
                "connections=1&variant=jdbc\t0.6\t2"));
        ForkLoad.attach(json, log);
        assertFalse(Files.exists(log), "the log is in the result now");
        List<JmhScore> scores = JmhScore.read(json);
        assertEquals(new ForkLoads(List.of(0.5, 0.6), 2), scores.get(0).loads());
        assertEquals(new ForkLoads(List.of(2.75), 2), scores.get(1).loads());
        assertEquals("connections=200&variant=jdbc", ForkLoad.key(Map.of("variant", "jdbc", "connections", "200")));
    }

    @Test
    void aRealRunsForksRecordTheirLoadIntoItsResult() throws Exception {
        Path json = dir.resolve("idle.json");
        JmhRun.of(IdleBench.class, new Plan.Jmh(2, 1, 50, 1, 50), json).param("size", List.of("1", "2")).run();
        List<JmhScore> scores = JmhScore.read(json);
        assertEquals(2, scores.size());
        for (JmhScore s : scores) {
            assertEquals(2, s.loads().oneMinute().size(), "one load average per fork: " + s.loads());
            assertEquals(Runtime.getRuntime().availableProcessors(), s.loads().cores());
            assertTrue(s.loads().recordedFor(s.forks()));
        }
        assertFalse(Files.exists(ForkLoad.logOf(json)), "the log is joined and gone");
    }

    @Test
    void aResultWithoutALogIsLeftAsItWas() throws Exception {
        Path json = Files.writeString(dir.resolve("r.json"), "[" + entry("1") + "]");
        ForkLoad.attach(json, ForkLoad.logOf(json));
        assertEquals(ForkLoads.NONE, JmhScore.read(json).getFirst().loads());
    }

    private static String entry(String connections) {
        return """
                {"benchmark": "lab.microbench.thesis.FanOutBench.operation", "mode": "avgt", "threads": 1, "forks": 2,
                 "params": {"connections": "%s", "variant": "jdbc"},
                 "primaryMetric": {"score": 1.0, "scoreError": 0.1, "scoreUnit": "ms/op", "rawData": [[1.0], [1.0]]}}
                """.formatted(connections);
    }
}
