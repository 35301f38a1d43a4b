package lab.microbench.thesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import lab.microbench.Experiment;
import lab.report.results.ForkLoads;
import lab.report.verdict.Claim;
import lab.report.verdict.Claim.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same quiet three-fork scores of Figure 4.5 decide in the plan's run and decide nothing in a smoke run. */
class ThesisResultsSmokeTest {

    @TempDir
    Path dir;

    private List<Claim> verticalClaims(String mode) throws Exception {
        Path fixture = Path.of(getClass().getResource("quick-run").toURI());
        String meta = Files.readString(fixture.resolve(Experiment.VERTICAL.file + ".meta.json"))
                .replace("\"mode\" : \"smoke\"", "\"mode\" : \"" + mode + "\"");
        Files.writeString(dir.resolve(Experiment.VERTICAL.file + ".meta.json"), meta);
        List<String> entries = new ArrayList<>();
        for (String engine : List.of("MYSQL", "POSTGRESQL")) {
            for (String variant : List.of("threadpool-fair", "nonblocking-pipelined")) {
                double slope = variant.equals("threadpool-fair") ? 0.1 : 0.01;
                for (int connections : new int[] {1, 50, 200}) {
                    entries.add(entry(engine, variant, connections, 1 + slope * connections));
                }
            }
        }
        Files.writeString(dir.resolve(Experiment.VERTICAL.file + ".json"), "[" + String.join(",", entries) + "]");
        return new ThesisResults(dir).claims(Optional.empty()).stream().filter(c -> c.source().startsWith("Figure 4.5")).toList();
    }

    private static String entry(String engine, String variant, int connections, double ms) {
        return """
                {"benchmark": "lab.microbench.thesis.FanOutBench.operation", "mode": "avgt", "threads": 1, "forks": 3,
                 "warmupIterations": 1, "warmupTime": "300 ms", "measurementIterations": 2, "measurementTime": "300 ms",
                 "params": {"connections": "%d", "engine": "%s", "servers": "1", "variant": "%s"},
                 "primaryMetric": {"score": %s, "scoreError": 0.01, "scoreUnit": "ms/op",
                   "rawData": [[%s, %s], [%s, %s], [%s, %s]]}, "%s": [0.6, 0.7, 0.8], "cores": 2}
                """.formatted(connections, engine, variant, ms, ms * 0.999, ms * 0.999, ms, ms, ms * 1.001, ms * 1.001, ForkLoads.FIELD);
    }

    @Test
    void thePlansRunDecides() throws Exception {
        List<Claim> claims = verticalClaims("quick");
        assertTrue(claims.stream().anyMatch(c -> c.status() == Status.REPRODUCED), claims.toString());
    }

    @Test
    void thePageShowsEachForksLoadAndTheSmokeRun() throws Exception {
        verticalClaims("smoke");
        String html = ThesisPage.render(dir, Optional.empty());
        assertTrue(html.contains("1-minute load average at its end, at the points a claim is decided on"), "each figure's note");
        assertTrue(html.contains("0 of 36 forks above 2"), "12 points of 3 forks, all quiet");
        assertTrue(html.contains("ran with the smoke plan"), "the summary says why nothing is decided");
    }

    @Test
    void aSmokeRunDecidesNothingAndSaysWhatToRun() throws Exception {
        List<Claim> claims = verticalClaims("smoke");
        assertEquals(6, claims.size(), claims.toString());
        for (Claim c : claims) {
            assertEquals(Status.INCONCLUSIVE, c.status(), c.evidence());
            assertTrue(c.evidence().contains("the thesis plan's run (make thesis"), c.evidence());
        }
    }
}
