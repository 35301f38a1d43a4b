package lab.microbench.thesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.microbench.Plan;
import lab.report.results.JmhScore;
import lab.report.verdict.Claim;
import lab.report.verdict.MicroClaims;
import org.junit.jupiter.api.Test;

/**
 * The plan measures at the forks an interval needs exactly the points the claims of Figures 4.1–4.5
 * are judged on: scores shaped as each plan runs them (its deciding points at its forks, the rest
 * at one) leave no claim asking for more forks.
 */
class ThesisPlanTest {

    @Test
    void everyPointAClaimReadsHasTheForksOfAnInterval() {
        for (ThesisPlan plan : List.of(ThesisPlan.smoke(), ThesisPlan.quick(), ThesisPlan.full())) {
            List<Claim> claims = MicroClaims.of(Map.of(), pipelining(plan), horizontal(plan), vertical(plan)).stream()
                    .filter(c -> c.source().startsWith("Figure")).toList();
            assertTrue(claims.size() >= 15, plan.name() + ": every claim of Figures 4.1–4.5, each scaling variant's linearity");
            for (Claim c : claims) {
                assertTrue(c.status() != Claim.Status.NOT_MEASURED, plan.name() + ", " + c.source() + ": " + c.evidence());
                assertFalse(c.evidence().contains("forks a side, whose means"), plan.name() + ", " + c.source() + ": " + c.evidence());
                assertFalse(c.evidence().contains("99.9 % errors allow"), plan.name() + ", " + c.source() + ": " + c.evidence());
            }
        }
    }

    @Test
    void aPointOfTheCurveOnlyRunsOneFork() {
        Plan.Jmh curve = ThesisPlan.curve(ThesisPlan.quick().jmh());
        assertEquals(1, curve.forks());
        assertTrue(curve.forks() < JmhScore.MIN_FORKS, "no interval of fork means: the point only draws its line");
        assertEquals(List.of(2, 25), ThesisPlan.quick().decidingRequests("lan"));
        assertEquals(List.of(25), ThesisPlan.quick().decidingRequests("wan"));
        assertEquals(List.of(1, 8), ThesisPlan.quick().decidingServers());
    }

    private static Map<String, List<JmhScore>> pipelining(ThesisPlan plan) {
        Map<String, List<JmhScore>> byLink = new LinkedHashMap<>();
        for (ThesisPlan.Link link : plan.links()) {
            Plan.Jmh jmh = link.thesisRttMs() >= 10 ? plan.slowLink() : plan.jmh();
            List<JmhScore> scores = new ArrayList<>();
            for (String engine : plan.engines()) {
                for (String variant : ThesisExperiments.PIPELINING_VARIANTS) {
                    for (int r : plan.requests()) {
                        boolean deciding = !variant.equals(Variant.JDBC.id()) && plan.decidingRequests(link.id()).contains(r);
                        scores.add(score(deciding ? jmh : ThesisPlan.curve(jmh),
                                Map.of("engine", engine, "variant", variant, "requests", String.valueOf(r)), r));
                    }
                }
            }
            byLink.put(link.id(), scores);
        }
        return byLink;
    }

    private static List<JmhScore> horizontal(ThesisPlan plan) {
        List<JmhScore> scores = new ArrayList<>();
        for (Variant v : plan.scaleVariants()) {
            for (int n : plan.servers()) {
                scores.add(score(plan.decidingServers().contains(n) ? plan.jmh() : ThesisPlan.curve(plan.jmh()),
                        Map.of("engine", MicroClaims.THROWAWAY, "variant", v.id(), "servers", String.valueOf(n)), n));
            }
        }
        return scores;
    }

    private static List<JmhScore> vertical(ThesisPlan plan) {
        List<JmhScore> scores = new ArrayList<>();
        for (String engine : plan.engines()) {
            for (Variant v : plan.scaleVariants()) {
                for (int n : plan.connections()) {
                    scores.add(score(plan.jmh(), Map.of("engine", engine, "variant", v.id(), "connections", String.valueOf(n)), n));
                }
            }
        }
        return scores;
    }

    /** A score as {@code jmh} would write it: each fork's iterations around {@code x} ms. */
    private static JmhScore score(Plan.Jmh jmh, Map<String, String> params, double x) {
        List<List<Double>> forks = new ArrayList<>();
        for (int f = 0; f < jmh.forks(); f++) {
            List<Double> iterations = new ArrayList<>();
            for (int i = 0; i < jmh.iterations(); i++) {
                iterations.add(x * (1 + 0.01 * f + 0.001 * i));
            }
            forks.add(iterations);
        }
        return new JmhScore("op", params, 1, jmh.forks(), jmh.warmupIterations(), jmh.warmupMillis() + " ms", jmh.iterations(),
                jmh.iterationMillis() + " ms", x, 0.05 * x, "ms/op", "25", forks);
    }
}
