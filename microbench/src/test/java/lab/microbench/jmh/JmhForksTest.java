package lab.microbench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import lab.report.results.ForkLoads;
import lab.report.results.JmhScore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A point's forks from two runs joined as one run's, read back as the page reads them. */
class JmhForksTest {

    @TempDir
    Path dir;

    @Test
    void theForksOfTheSamePointAreJoinedAndItsScoreTakenAgain() throws Exception {
        Path file = Files.writeString(dir.resolve("pipelining-lan.json.part0"), "[" + point("MYSQL", 3, "[[10.0, 10.2], [10.4, 10.6], [9.8, 10.0]]", 10.1667)
                + "," + point("POSTGRESQL", 3, "[[5.0, 5.0], [5.0, 5.0], [5.0, 5.0]]", 5.0) + "]");
        Path more = Files.writeString(dir.resolve("more"), "[" + point("MYSQL", 2, "[[12.0, 12.2], [11.8, 12.0]]", 12.0)
                + "," + point("ORACLE", 1, "[[1.0]]", 1.0) + "]");

        JmhForks.add(file, more);

        assertFalse(Files.exists(more), "its forks are in the file now");
        List<JmhScore> scores = JmhScore.read(file);
        assertEquals(3, scores.size(), "a point the file lacked is appended");
        JmhScore mysql = scores.getFirst();
        assertEquals(5, mysql.forks());
        assertEquals(5, mysql.forkMeans().size(), "each fork's mean a sample of its own");
        assertEquals((10.0 + 10.2 + 10.4 + 10.6 + 9.8 + 10.0 + 12.0 + 12.2 + 11.8 + 12.0) / 10, mysql.score(), 1e-9,
                "the mean of all ten iterations");
        assertTrue(mysql.error() > 1 && mysql.error() < 3, "the 99.9 % error of the ten, wider than the first three forks' "
                + mysql.error());
        assertEquals(5.0, scores.get(1).score(), 1e-9, "a point without more forks is left as it was");
        assertEquals(3, scores.get(1).forks());
    }

    @Test
    void theForksLoadAveragesFollowTheirForks() throws Exception {
        String loads = ", \"" + ForkLoads.FIELD + "\": [0.5, 0.7, 0.9], \"cores\": 2";
        Path file = Files.writeString(dir.resolve("part"), "[" + point("MYSQL", 3, "[[10.0], [10.4], [9.8]]", 10.0).replace(
                "\"forks\": 3,", "\"forks\": 3" + loads + ",") + "]");
        Path more = Files.writeString(dir.resolve("more"), "[" + point("MYSQL", 2, "[[12.0], [11.8]]", 12.0).replace(
                "\"forks\": 2,", "\"forks\": 2, \"" + ForkLoads.FIELD + "\": [1.5, 2.5], \"cores\": 2,") + "]");
        JmhForks.add(file, more);
        assertEquals(new ForkLoads(List.of(0.5, 0.7, 0.9, 1.5, 2.5), 2), JmhScore.read(file).getFirst().loads());
    }

    private static String point(String engine, int forks, String raw, double score) {
        return """
                {"benchmark": "lab.microbench.thesis.SessionBench.operation", "mode": "avgt", "threads": 1, "forks": %d,
                 "jdkVersion": "25", "warmupIterations": 1, "warmupTime": "200 ms", "measurementIterations": 2,
                 "measurementTime": "200 ms", "params": {"engine": "%s", "variant": "nonblocking-pipelined", "requests": "25"},
                 "primaryMetric": {"score": %s, "scoreError": 0.5, "scoreConfidence": [0, 0],
                   "scorePercentiles": {"0.0": 0, "50.0": 0, "100.0": 0}, "scoreUnit": "ms/op", "rawData": %s}}
                """.formatted(forks, engine, score, raw);
    }
}
