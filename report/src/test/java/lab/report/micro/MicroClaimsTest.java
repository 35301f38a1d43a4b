package lab.report.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import lab.report.results.JmhScore;
import lab.report.Claim;
import lab.report.Claim.Status;
import org.junit.jupiter.api.Test;

/** The thesis claims' statuses on fixed JMH scores: settled only where the 99.9 % intervals settle them. */
class MicroClaimsTest {

    private static JmhScore score(String engine, String variant, String requests, double ms, double error) {
        return new JmhScore("session", Map.of("engine", engine, "variant", variant, "requests", requests), 1, 2, 2, "500 ms",
                5, "500 ms", ms, error, "ms/op", "25");
    }

    private static List<JmhScore> table(double jdbc, double pool, double pipelined, double error) {
        List<JmhScore> scores = new ArrayList<>();
        for (String engine : MicroClaims.ENGINES) {
            scores.add(score(engine, "jdbc", "50", jdbc, error));
            scores.add(score(engine, "threadpool-fair", "50", pool, error));
            scores.add(score(engine, "nonblocking-pipelined", "50", pipelined, error));
        }
        return scores;
    }

    private static Claim claim(List<Claim> claims, String source, String claimStart) {
        return claims.stream().filter(c -> c.source().equals(source) && c.claim().startsWith(claimStart)).findFirst().orElseThrow();
    }

    @Test
    void table41ReproducedOnLoopbackNotMeasuredOnTheMissingLink() {
        List<Claim> claims = MicroClaims.of(Map.of("loopback", table(15, 40, 4, 1)), Map.of(), List.of(), List.of());
        assertEquals(Status.REPRODUCED, claim(claims, "Table 4.1, MySQL, loopback", "pipelined").status());
        assertEquals(Status.REPRODUCED, claim(claims, "Table 4.1, PostgreSQL, loopback", "the thread-pool").status());
        assertEquals(Status.NOT_MEASURED, claim(claims, "Table 4.1, MySQL, 0.19 ms link", "pipelined").status());
        assertEquals(Status.NOT_MEASURED, claim(claims, "Figure 4.4", "response time").status());
    }

    @Test
    void overlappingIntervalsAreInconclusiveAndAClearReversalIsNotReproduced() {
        List<Claim> wide = MicroClaims.of(Map.of("lan", table(15, 16, 14, 5)), Map.of(), List.of(), List.of());
        assertEquals(Status.INCONCLUSIVE, claim(wide, "Table 4.1, MySQL, 0.19 ms link", "pipelined").status());
        List<Claim> reversed = MicroClaims.of(Map.of("lan", table(15, 10, 4, 0.5)), Map.of(), List.of(), List.of());
        assertEquals(Status.NOT_REPRODUCED, claim(reversed, "Table 4.1, MySQL, 0.19 ms link", "the thread-pool").status());
    }

    @Test
    void aboutNTimesIsWithinAFactorOneAndAHalf() {
        List<JmhScore> lan = new ArrayList<>();
        List<JmhScore> wan = new ArrayList<>();
        for (String engine : MicroClaims.ENGINES) {
            lan.add(score(engine, "nonblocking-unpipelined", "25", 30, 1));
            lan.add(score(engine, "nonblocking-pipelined", "25", 10, 0.5));
            wan.add(score(engine, "nonblocking-unpipelined", "25", 1950, 50));
            wan.add(score(engine, "nonblocking-pipelined", "25", 80, 5));
        }
        List<Claim> claims = MicroClaims.of(Map.of(), Map.of("lan", lan, "wan", wan), List.of(), List.of());
        assertEquals(Status.REPRODUCED, claim(claims, "Figure 4.2, MySQL", "pipelining").status(), "3.0× is about 3×");
        assertEquals(Status.NOT_REPRODUCED, claim(claims, "Figure 4.3, PostgreSQL", "pipelining").status(), "24× is not about 5×");
        assertEquals(Status.NOT_MEASURED, claim(claims, "Figure 4.1, MySQL", "no clear gain").status());
    }
}
