package lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lab.report.results.JmhScore;
import lab.report.verdict.Claim.Status;
import org.junit.jupiter.api.Test;

/** The thesis claims' statuses on fixed JMH scores: settled only where the 99.9 % intervals settle them. */
class MicroClaimsTest {

    private static JmhScore score(String engine, String variant, String requests, double ms, double error) {
        return QuietForks.threeForks("session", Map.of("engine", engine, "variant", variant, "requests", requests), ms, error);
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

    private static JmhScore scale(String param, String engine, String variant, int x, double ms, double error) {
        return QuietForks.threeForks("fanOut", Map.of("engine", engine, "variant", variant, param, String.valueOf(x)), ms, error);
    }

    /** A variant's Figure 4.4 scores at 1 and 8 servers on the throwaway databases: ms each, ± {@code error}. */
    private static List<JmhScore> servers(String variant, double at1, double at8, double error) {
        return List.of(scale("servers", MicroClaims.THROWAWAY, variant, 1, at1, error),
                scale("servers", MicroClaims.THROWAWAY, variant, 8, at8, error));
    }

    /** Figure 4.4's "grows more slowly" claim on these variants' scores. */
    @SafeVarargs
    private static Claim horizontal(List<JmhScore>... variants) {
        List<JmhScore> h = java.util.Arrays.stream(variants).flatMap(List::stream).toList();
        return claim(MicroClaims.of(Map.of(), Map.of(), h, List.of()), "Figure 4.4", "response time");
    }

    /** Both engines' pipelining off and on at {@code requests}: ms ± error each. */
    private static List<JmhScore> pipelining(String requests, double off, double offError, double on, double onError) {
        List<JmhScore> scores = new ArrayList<>();
        for (String engine : MicroClaims.ENGINES) {
            scores.add(score(engine, "nonblocking-unpipelined", requests, off, offError));
            scores.add(score(engine, "nonblocking-pipelined", requests, on, onError));
        }
        return scores;
    }

    private static Claim claim(List<Claim> claims, String source, String claimStart) {
        return claims.stream().filter(c -> c.source().equals(source) && c.claim().startsWith(claimStart)).findFirst().orElseThrow();
    }

    @Test
    void table41ReproducedOnLoopbackNotMeasuredOnTheMissingLink() {
        // Table 4.1's MySQL row itself: 4.75× and 7.21× the thesis' figures
        List<Claim> claims = MicroClaims.of(Map.of("loopback", table(23, 34.9, 4.84, 0.1)), Map.of(), List.of(), List.of());
        assertEquals(Status.REPRODUCED, claim(claims, "Table 4.1, MySQL, loopback", "pipelined").status());
        // Table 4.1 was measured over 1 GbE: loopback is off the thesis' link, in the status
        assertTrue(claim(claims, "Table 4.1, MySQL, loopback", "pipelined").offThesisSetting());
        assertEquals(Status.REPRODUCED, claim(claims, "Table 4.1, MySQL, loopback", "the thread-pool").status());
        // PostgreSQL's pool was 3.06× JDBC's in the thesis: MySQL's 1.52× holds its direction, below that band
        assertEquals(Status.WEAKER, claim(claims, "Table 4.1, PostgreSQL, loopback", "the thread-pool").status());
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
    void aTightTieIsEqualAndRefutesSlower() {
        // old rule: a tie was always inconclusive, however tight (pool ÷ jdbc here 0.97-1.05)
        List<Claim> equal = MicroClaims.of(Map.of("lan", table(15, 15.2, 4, 0.3)), Map.of(), List.of(), List.of());
        Claim c = claim(equal, "Table 4.1, MySQL, 0.19 ms link", "the thread-pool");
        assertEquals(Status.NOT_REPRODUCED, c.status(), c.evidence());
        assertTrue(c.claim().contains("pool ÷ JDBC: thesis 1.52×, band 1.10–2.28×"), c.claim());
    }

    @Test
    void aPoolAtMostTwentyPercentSlowerIsNotTheThesisSlower() {
        // the direction bound is the ±10 % rule: 8 % slower by a range within it is no difference
        List<Claim> near = MicroClaims.of(Map.of("lan", table(15, 16.2, 4, 0.05)), Map.of(), List.of(), List.of());
        Claim c = claim(near, "Table 4.1, MySQL, 0.19 ms link", "the thread-pool");
        assertEquals(Status.NOT_REPRODUCED, c.status(), c.evidence());
        // a range reaching past it may still hold the direction
        Claim wide = claim(MicroClaims.of(Map.of("lan", table(15, 16.2, 4, 0.6)), Map.of(), List.of(), List.of()),
                "Table 4.1, MySQL, 0.19 ms link", "the thread-pool");
        assertEquals(Status.INCONCLUSIVE, wide.status(), wide.evidence());
    }

    @Test
    void aboutNTimesIsWithinAFactorOneAndAHalf() {
        List<JmhScore> lan = pipelining("25", 30, 1, 10, 0.5);
        List<JmhScore> wan = pipelining("25", 1950, 50, 80, 5);
        List<Claim> claims = MicroClaims.of(Map.of(), Map.of("lan", lan, "wan", wan), List.of(), List.of());
        assertEquals(Status.REPRODUCED, claim(claims, "Figure 4.2, MySQL", "pipelining").status(), "3.0× is about 3×");
        assertEquals(Status.EXCEEDED, claim(claims, "Figure 4.3, PostgreSQL", "pipelining").status(), "24× is more than about 5×");
        assertEquals(Status.NOT_MEASURED, claim(claims, "Figure 4.1, MySQL", "no clear gain").status());
    }

    @Test
    void pipeliningEightTimesAt78msIsExceeded() {
        // old rule: 8× lies outside "about 5×" (3.3–7.5×), so it read "not reproduced"
        List<JmhScore> wan = pipelining("25", 640, 10, 80, 1);
        Claim c = claim(MicroClaims.of(Map.of(), Map.of("wan", wan), List.of(), List.of()), "Figure 4.3, MySQL", "pipelining");
        assertEquals(Status.EXCEEDED, c.status(), c.evidence());
        assertEquals("exceeded", c.status().label());
        // "no clear gain" over loopback is not exceeded by a large gain: it is contradicted
        List<JmhScore> loop = pipelining("25", 30, 1, 10, 1);
        assertEquals(Status.NOT_REPRODUCED, claim(MicroClaims.of(Map.of(), Map.of("loopback", loop), List.of(), List.of()),
                "Figure 4.1, MySQL", "no clear gain").status());
    }

    @Test
    void significantAfterTwoRequestsIsChecked() {
        // old rule: the claim was not checked at all (no such claim: orElseThrow)
        List<JmhScore> gain = pipelining("2", 2.0, 0.05, 1.3, 0.05);
        List<JmhScore> none = pipelining("2", 2.0, 0.02, 1.99, 0.02);
        String what = "the gain from pipelining is significant";
        assertEquals(Status.REPRODUCED, claim(MicroClaims.of(Map.of(), Map.of("lan", gain), List.of(), List.of()),
                "Figure 4.2, MySQL", what).status());
        assertEquals(Status.NOT_REPRODUCED, claim(MicroClaims.of(Map.of(), Map.of("lan", none), List.of(), List.of()),
                "Figure 4.2, PostgreSQL", what).status(), "under 5 % even at the top of the range");
        List<JmhScore> notAtTwo = List.of(score("MYSQL", "nonblocking-unpipelined", "25", 30, 1),
                score("MYSQL", "nonblocking-pipelined", "25", 10, 1));
        assertEquals(Status.NOT_MEASURED, claim(MicroClaims.of(Map.of(), Map.of("lan", notAtTwo), List.of(), List.of()),
                "Figure 4.2, MySQL", what).status());
    }

    @Test
    void horizontalIsJudgedOnTheSlope() {
        // old rule: relative growth: nonblocking 2 → 6 ms (3×) against threadpool 20 → 40 ms (2×) read "not reproduced",
        // though nonblocking adds 0.57 ms per server and the thread pool 2.9
        Claim c = horizontal(servers("nonblocking-pipelined", 2, 6, 0.1),
                servers("threadpool", 20, 40, 0.5));
        assertEquals(Status.REPRODUCED, c.status(), c.evidence());
        assertTrue(c.offSetting().contains("unfair thread pool"), "no fair pool in this run: " + c.offSetting());
    }

    @Test
    void scalingIsJudgedAgainstTheFairPool() {
        // old rule: against the unfair pool (20 → 22 ms), which grows less than nonblocking: "not reproduced";
        // the thesis' driver handed off fairly (20 → 60 ms)
        Claim c = horizontal(servers("nonblocking-pipelined", 2, 6, 0.1),
                servers("threadpool", 20, 22, 0.2),
                servers("threadpool-fair", 20, 60, 0.5));
        assertEquals(Status.REPRODUCED, c.status(), c.evidence());
        assertFalse(c.offSetting().contains("unfair"), c.offSetting());
    }

    @Test
    void aClaimIsAboutTheFigureAndEngineItsSourceNames() {
        Claim c = new Claim("Figure 4.5, PostgreSQL, threadpool-fair", "vertical scaling", Status.INCONCLUSIVE, "");
        assertTrue(MicroClaims.about(c, "Figure 4.5", "POSTGRESQL"));
        assertTrue(MicroClaims.about(c, "Figure 4.5", null));
        assertFalse(MicroClaims.about(c, "Figure 4.5", "MYSQL"));
        assertFalse(MicroClaims.about(c, "Figure 4.4", null));
    }

    @Test
    void slopesAlikeAreNotGrowingMoreSlowly() {
        // old rule: any difference below 0 by the whole range: 4.00 against 4.05 ms over 7 servers (1 % apart) read
        // "reproduced"; now "more slowly" needs more than 10 % of the pool's slope, and all of this range is above it
        Claim c = horizontal(servers("nonblocking-pipelined", 2, 6, 0.01),
                servers("threadpool-fair", 2, 6.05, 0.01));
        assertEquals(Status.NOT_REPRODUCED, c.status(), c.evidence());
        assertTrue(c.evidence().contains("below -0.0579 (-10 % of the pool's slope)"), c.evidence());
    }

    @Test
    void farFasterIsJudgedAgainstJdbcAndTheFairPool() {
        // old rule: only "fastest of the three": 1.5× jdbc read "reproduced"; then "≥ 2×" read it "not
        // reproduced": it holds the direction, below the thesis' 4.75× band
        Claim c = claim(MicroClaims.of(Map.of("lan", table(15, 40, 10, 0.5)), Map.of(), List.of(), List.of()),
                "Table 4.1, MySQL, 0.19 ms link", "pipelined");
        assertEquals(Status.WEAKER, c.status(), c.evidence());
        assertTrue(c.evidence().contains("threadpool-fair ÷ pipelined"), c.evidence());
    }

    @Test
    void aLinkIsJudgedOnItsMeasuredRoundTrip() {
        // old rule: the link asked for (0.19 ms) counted as the thesis' whatever it measured
        Map<String, Map<String, Double>> measured = Map.of("lan", Map.of("MYSQL", 1.2, "POSTGRESQL", 0.21));
        List<Claim> claims = MicroClaims.of(Map.of("lan", table(15, 40, 4, 1)), Map.of(), List.of(), List.of(), new MicroClaims.Links(measured, Map.of()));
        Claim slow = claim(claims, "Table 4.1, MySQL, 0.19 ms link", "pipelined");
        assertTrue(slow.offSetting().startsWith("off the thesis' link: 1.2 ms measured"), slow.offSetting());
        assertFalse(claim(claims, "Table 4.1, PostgreSQL, 0.19 ms link", "pipelined").offThesisSetting(), "PostgreSQL on its link");
    }

    @Test
    void aLinkIsJudgedOnWhatItsCalibrationFoundItToAdd() {
        // the probe (SELECT 1, server and driver included) read 0.39 ms; the calibration, Table 4.1's own query, 0.188 ms
        Map<String, Map<String, Double>> probe = Map.of("lan", Map.of("MYSQL", 0.39, "POSTGRESQL", 0.39));
        Map<String, Map<String, Double>> added = Map.of("lan", Map.of("MYSQL", 0.188));
        List<Claim> claims = MicroClaims.of(Map.of("lan", table(15, 40, 4, 1)), Map.of(), List.of(), List.of(),
                new MicroClaims.Links(probe, added));
        Claim calibrated = claim(claims, "Table 4.1, MySQL, 0.19 ms link", "pipelined");
        assertFalse(calibrated.offSetting().contains("off the thesis' link"), calibrated.offSetting());
        assertTrue(calibrated.evidence().contains("0.188 ms added per query as calibrated in the run, probe 0.39 ms RTT"),
                calibrated.evidence());
        Claim probed = claim(claims, "Table 4.1, PostgreSQL, 0.19 ms link", "pipelined");
        assertTrue(probed.offSetting().startsWith("off the thesis' link: 0.39 ms measured RTT"), probed.offSetting());
    }

    private static JmhScore forked(int connections, double ms, double error) {
        List<List<Double>> forks = new ArrayList<>();
        for (double f : new double[] {-0.05, 0.0, 0.05, -0.02, 0.02}) {
            forks.add(List.of(ms + f, ms + f));
        }
        return new JmhScore("fanOut", Map.of("engine", "POSTGRESQL", "variant", "nonblocking-pipelined", "connections",
                String.valueOf(connections)), 1, 5, 1, "500 ms", 2, "500 ms", ms, error, "ms/op", "25", forks, QuietForks.quiet(5));
    }

    @Test
    void nearlyLinearIsJudgedOnTheMiddleCountsDistanceFromTheLine() {
        // old rule: the first slope's range reached 0 ((10.25 - 0.15) - (10 + 0.15) < 0): "unbounded", never reproduced
        List<JmhScore> v = List.of(forked(1, 10, 0.15), forked(50, 10.25, 0.15), forked(200, 11, 0.15));
        Claim c = claim(MicroClaims.of(Map.of(), Map.of(), List.of(), v), "Figure 4.5, PostgreSQL, nonblocking-pipelined", "vertical");
        assertEquals(Status.REPRODUCED, c.status(), c.evidence());
        assertTrue(c.evidence().contains("98 % interval of the fork means"), c.evidence());
        // all of the rise before the middle count: not linear
        List<JmhScore> bent = List.of(forked(1, 10, 0.15), forked(50, 11, 0.15), forked(200, 11.05, 0.15));
        assertEquals(Status.NOT_REPRODUCED, claim(MicroClaims.of(Map.of(), Map.of(), List.of(), bent),
                "Figure 4.5, PostgreSQL, nonblocking-pipelined", "vertical").status());
    }
}
