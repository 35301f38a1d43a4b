package lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import lab.report.Spread;
import org.junit.jupiter.api.Test;

class VerdictTest {

    private static Map<String, Spread> modes(Object... modeAndValues) {
        Map<String, Spread> m = new LinkedHashMap<>();
        for (int i = 0; i < modeAndValues.length; i += 2) {
            m.put((String) modeAndValues[i], (Spread) modeAndValues[i + 1]);
        }
        return m;
    }

    @Test
    void clearWinnerWithRatiosToTheBaseline() {
        Verdict v = Verdict.of("200 connections", modes(
                "jdbc", Spread.of(700, 714, 730),
                "nonblocking", Spread.of(1400, 1500, 1600),
                "reactive", Spread.of(1000, 1008, 1020)), "jdbc", Verdict.Better.HIGHER);
        assertEquals("nonblocking", v.winner());
        assertEquals("reactive", v.runnerUp());
        assertTrue(v.clear());
        assertEquals("nonblocking", v.summary());
        assertEquals(new Spread(1, 1, 1, 3), v.modes().get("jdbc").ratio(), "the baseline is exactly 1");
        assertEquals(1500 / 714.0, v.modes().get("nonblocking").ratio().median(), 1e-9);
        assertEquals(1400 / 730.0, v.modes().get("nonblocking").ratio().min(), 1e-9);
    }

    @Test
    void overlappingRangesGiveNoClearWinner() {
        Verdict v = Verdict.of("100 connections", modes(
                "jdbc", Spread.of(900, 1000, 1100),
                "virtual", Spread.of(1050, 1060, 1200)), "jdbc", Verdict.Better.HIGHER);
        assertEquals("virtual", v.winner());
        assertFalse(v.clear());
        assertEquals("no clear winner (virtual ≈ jdbc)", v.summary());
    }

    @Test
    void aWideRangeBehindTheRunnerUpStillMakesItUnclear() {
        Verdict v = Verdict.of("Table 4.1, PostgreSQL, 0.19 ms", modes(
                "jdbc", Spread.interval(11.7, 13.5, 10),
                "threadpool-fair", Spread.interval(8.77, 3.55, 10),
                "nonblocking-pipelined", Spread.interval(2.02, 0.76, 10)), "jdbc", Verdict.Better.LOWER);
        assertEquals("nonblocking-pipelined", v.winner());
        assertFalse(v.clear(), "jdbc's range reaches down to the winner's");
        assertEquals("no clear winner (nonblocking-pipelined ≈ jdbc)", v.summary());
    }

    @Test
    void lowerIsBetterForTimes() {
        Verdict v = Verdict.of("Table 4.1, PostgreSQL", modes(
                "jdbc", Spread.interval(13.3, 1.0, 10),
                "nonblocking-pipelined", Spread.interval(2.1, 0.2, 10)), "jdbc", Verdict.Better.LOWER);
        assertEquals("nonblocking-pipelined", v.winner());
        assertTrue(v.clear());
        assertEquals(2.1 / 13.3, v.modes().get("nonblocking-pipelined").ratio().median(), 1e-9);
    }

    @Test
    void missingModesAndBaseline() {
        Verdict v = Verdict.of("x", modes("jdbc", null, "virtual", Spread.of(5)), "jdbc", Verdict.Better.HIGHER);
        assertEquals("virtual", v.winner());
        assertNull(v.runnerUp());
        assertTrue(v.clear());
        assertNull(v.modes().get("virtual").ratio(), "no baseline, no ratio");
        assertFalse(v.modes().containsKey("jdbc"));
        assertEquals("not measured", Verdict.of("y", modes("jdbc", null), "jdbc", Verdict.Better.HIGHER).summary());
    }

    private static Map<String, Verdict.Candidate> measured(String a, List<Double> va, List<String> fa,
                                                            String b, List<Double> vb, List<String> fb) {
        Map<String, Verdict.Candidate> m = new LinkedHashMap<>();
        m.put(a, Verdict.Candidate.of(va, fa));
        m.put(b, Verdict.Candidate.of(vb, fb));
        return m;
    }

    @Test
    void errorsOnTheBestLowerOnlyItsOwnGoodput() {
        // shop-nonblocking answering fast 503s: its goodput leaves them out, and is still ahead
        // (old rule: a flagged value never won, jdbc was named and the answer was "nonblocking flagged: errors")
        Verdict v = Verdict.decide("10 connections", measured(
                "jdbc", List.of(2000.0, 2020.0, 2040.0), List.of(),
                "nonblocking", List.of(3880.0, 3890.0, 3900.0), List.of("errors")), "jdbc", Verdict.Better.HIGHER);
        assertTrue(v.clear(), v.summary());
        assertEquals("nonblocking", v.winner());
    }

    @Test
    void errorsOnTheFastestStillKeepItFromWinningOnTime() {
        // a time of the successes alone could gain from fast failures: the flag is the answer
        Verdict v = Verdict.decide("10 connections", measured(
                "jdbc", List.of(20.0, 20.2, 20.4), List.of(),
                "nonblocking", List.of(10.0, 10.1, 10.2), List.of("errors")), "jdbc", Verdict.Better.LOWER);
        assertFalse(v.clear());
        assertEquals("jdbc", v.winner(), "the best mode whose flags let it win is named, not declared");
        assertEquals("nonblocking flagged: errors", v.summary());
    }

    @Test
    void interferenceOnBothSidesOfPairedRoundsBlocksNothing() {
        // each round runs every mode once: the other processes ran beside both
        // (old rule: any flag on the side ahead left the pair undecided)
        Map<String, Verdict.Candidate> paired = new LinkedHashMap<>();
        paired.put("jdbc", Verdict.Candidate.ofRounds(List.of(100.0, 110.0, 95.0, 105.0), List.of("interference")));
        paired.put("nonblocking", Verdict.Candidate.ofRounds(List.of(200.0, 215.0, 190.0, 212.0), List.of("interference")));
        Verdict v = Verdict.decide("c", paired, "jdbc", Verdict.Better.HIGHER);
        assertTrue(v.clear(), v.summary());
        assertEquals("nonblocking", v.winner());
        // on one side only, or unpaired, it still leaves the question open
        Map<String, Verdict.Candidate> oneSide = new LinkedHashMap<>(paired);
        oneSide.put("jdbc", Verdict.Candidate.ofRounds(List.of(100.0, 110.0, 95.0, 105.0), List.of()));
        assertEquals("nonblocking flagged: interference", Verdict.decide("c", oneSide, "jdbc", Verdict.Better.HIGHER).summary());
        Verdict unpaired = Verdict.decide("c", measured(
                "jdbc", List.of(100.0, 110.0, 95.0), List.of("interference"),
                "nonblocking", List.of(200.0, 215.0, 190.0), List.of("interference")), "jdbc", Verdict.Better.HIGHER);
        assertFalse(unpaired.clear());
    }

    @Test
    void aFlaggedRivalLeavesTheQuestionOpen() {
        Verdict v = Verdict.decide("c", measured(
                "jdbc", List.of(100.0, 101.0, 102.0), List.of("interference"),
                "nonblocking", List.of(300.0, 301.0, 302.0), List.of()), "jdbc", Verdict.Better.HIGHER);
        assertFalse(v.clear());
        assertEquals("jdbc flagged: interference", v.summary());
    }

    @Test
    void twoRepetitionsAreTooFewHoweverFarApart() {
        Verdict v = Verdict.decide("c", measured(
                "jdbc", List.of(100.0, 101.0), List.of(),
                "nonblocking", List.of(300.0, 301.0, 302.0), List.of()), "jdbc", Verdict.Better.HIGHER);
        assertFalse(v.clear());
        assertEquals("too few repetitions (jdbc: 2, 3 needed)", v.summary());
        Verdict one = Verdict.decide("c", measured(
                "jdbc", List.of(100.0), List.of(), "virtual", List.of(50.0), List.of()), "jdbc", Verdict.Better.HIGHER);
        assertFalse(one.clear(), "n = 1 is a zero-width range, never a clear win");
    }

    @Test
    void aSmallEffectIsNotAWinEvenWhenTheRangesAreApart() {
        // 2 % apart with almost no noise: real, but below the 5 % that counts as a difference
        Verdict v = Verdict.decide("c", measured(
                "jdbc", List.of(100.0, 100.1, 100.2, 100.1, 100.0), List.of(),
                "virtual", List.of(102.0, 102.1, 102.2, 102.1, 102.0), List.of()), "jdbc", Verdict.Better.HIGHER);
        assertFalse(v.clear());
        assertEquals("no clear winner (virtual ≈ jdbc)", v.summary());
    }

    /** 100 simulated runs of two modes, the second {@code ratio} × the first, with lognormal noise of {@code cv}. */
    private static int clearWins(double ratio, int n, double cv, long seed) {
        Random random = new Random(seed);
        int clear = 0;
        for (int run = 0; run < 100; run++) {
            List<Double> a = new java.util.ArrayList<>();
            List<Double> b = new java.util.ArrayList<>();
            for (int i = 0; i < n; i++) {
                a.add(1000 * Math.exp(random.nextGaussian() * cv));
                b.add(1000 * ratio * Math.exp(random.nextGaussian() * cv));
            }
            Verdict v = Verdict.decide("sim", measured("jdbc", a, List.of(), "nonblocking", b, List.of()), "jdbc",
                    Verdict.Better.HIGHER);
            clear += v.clear() && (ratio == 1.0 || "nonblocking".equals(v.winner())) ? 1 : 0;
        }
        return clear;
    }

    @Test
    void identicalModesGiveNoClearWinnerInAtLeast95Of100Runs() {
        for (int n : new int[] {3, 4, 5, 7}) {
            for (double cv : new double[] {0.05, 0.10}) {
                int falseWins = clearWins(1.0, n, cv, 42 + n);
                System.out.printf("verdict rule, identical modes, n=%d, noise %.0f %%: %d of 100 called clear%n", n, cv * 100, falseWins);
                assertTrue(falseWins <= 5, "n=" + n + ", noise " + cv + ": " + falseWins + " false winners in 100");
            }
        }
    }

    @Test
    void aReal20PercentDifferenceAtFiveRepetitionsIsFoundInAtLeast90Of100Runs() {
        int found = clearWins(1.2, 5, 0.05, 7);
        System.out.printf("verdict rule, 20 %% apart, n=5, noise 5 %%: %d of 100 found%n", found);
        assertTrue(found >= 90, found + " of 100 found at n=5 with 5 % noise");
    }
}
