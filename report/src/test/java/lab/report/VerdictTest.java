package lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
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
}
