package lab.loadgen.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The run's budget for added rounds (Budget), at the start of a run (elapsed ≈ 0). */
class BudgetTest {

    /** What a round that can change the cell keeps back for each scenario to come. */
    private static final double CELL = Budget.RESERVE_ROUNDS_PER_SCENARIO;

    @Test
    void theFirstScenarioOfTheMapMayAddARound() {
        // the map: 24 min allowed, 21:45 planned (15:00 of scenarios, 6:45 of warm-ups at their caps),
        // 16 scenarios, a portal round of 16 s; an equal share (215 s ÷ 16 = 13 s) refused it, so the
        // 0 ms cells never got a fourth round
        assertTrue(new Budget(1440, 900, 405, 16).allows(16, 80, 0, CELL));
    }

    @Test
    void aRoundThatCanChangeOnlyTheRankingWaitsForTheScenariosToCome() {
        // 60 s left beyond the plan, 4 scenarios to come, rounds of 10 s: a round that can change a cell's
        // answer keeps 20 s back for them and fits; one for the ranking line alone keeps 80 s and does not
        Budget b = new Budget(100, 40, 0, 5);
        assertTrue(b.allows(10, 10, 0, CELL));
        assertFalse(b.allows(10, 10, 0, Budget.RANKING_RESERVE_ROUNDS_PER_SCENARIO));
        // the last scenario keeps nothing back: what is left is its own
        Budget last = new Budget(100, 40, 0, 1);
        assertTrue(last.allows(10, 40, 0, Budget.RANKING_RESERVE_ROUNDS_PER_SCENARIO));
    }

    @Test
    void aRoundBeyondTheLimitOrTheReserveIsRefused() {
        // 15 s beyond the plan, 4 scenarios to come keep half a round each (20 s)
        assertFalse(new Budget(100, 95, 0, 5).allows(10, 10, 0, CELL));
        assertFalse(new Budget(100, 120, 0, 1).allows(10, 10, 0, CELL));
        assertFalse(new Budget(100, 50, 70, 1).allows(10, 10, 0, CELL), "warm-ups to come are charged");
        assertTrue(new Budget(null, 1000, 0, 1).allows(10, 10, 0, CELL));
    }

    @Test
    void theOverrunMeasuredOnTheScenariosDoneScalesThoseToCome() {
        // three scenarios of 30 s planned in 100 s
        Budget b = new Budget(100, 90, 0, 3);
        b.scenarioDone(30, 30); // as planned, 30 s in
        assertTrue(b.allows(10, 30, 30, CELL), "30 s to come, 40 s left beyond them");
        b = new Budget(100, 90, 0, 3);
        b.scenarioDone(30, 45); // its planned part took 1.5 times its plan, 45 s in
        assertEquals(1.5, b.overrun(), 1e-9);
        // the one to come will take 45 s, not 30: 10 s left, less its reserve of 5 s
        assertFalse(b.allows(10, 30, 45, CELL));
        b.scenarioDone(30, 15); // faster than planned: the overrun never falls below 1
        assertEquals(1.0, b.overrun(), 1e-9);
    }

    @Test
    void warmUpsAreChargedUntilTheyRun() {
        Budget b = new Budget(100, 40, 75, 2);
        assertFalse(b.allows(10, 20, 0, CELL), "75 s of warm-up still to come");
        b.warmedUp(75);
        assertTrue(b.allows(10, 20, 0, CELL));
    }

    @Test
    void aSlowPointsLongerRepetitionsAreChargedAndBounded() {
        Budget b = new Budget(100, 69, 0, 2);
        // 31 s beyond the plan: 3 repetitions of 12 s (27 s more) fit, then 4 s are left
        assertEquals(12, b.stretch(12, 3, 3), "wanted 12: 3 × 9 s = 27 s fit");
        assertEquals(6, b.stretch(12, 3, 3), "4 s left, but never less than half of what it wants");
        assertEquals(6, b.stretch(12, 3, 3), "nothing left: half of what it wants all the same");
        assertEquals(3, b.stretch(2, 3, 3), "never shorter than the plan");
        assertEquals(3, b.stretch(5, 3, 3), "half of 5 is below the plan: the plan, with nothing left");
        // once its scenario is done, the stretch is no longer to come: charged once, in the time it took
        b.scenarioDone(39, 90); // 39 s planned, 45 s stretched; 90 s in, the last scenario (30 s) still to run
        assertTrue(b.allows(0.5, 30, 90, CELL), "the stretch is not charged again after its scenario");
    }

    @Test
    void whatIsToComeLeavesOutTheScenarioJustPrintedAndScalesByTheOverrun() {
        // the map's first scenario printed at its end: 15:00 of scenarios planned, this one 80 s, 6:45 of
        // warm-ups of which 5 × 45 s just ran; before, its first point's ETA was 5:10:39 for a 26-minute run
        Budget b = new Budget(1380, 900, 405, 16);
        b.warmedUp(225);
        Budget.ToCome first = b.toCome(80);
        assertEquals(820 + 180, first.expectedSec(), 1e-9);
        assertTrue(first.atMostSec() >= first.expectedSec() && first.atMostSec() <= 1380);
        b.scenarioDone(80, 120); // took 1.5 times its plan
        assertEquals(1.5 * (820 - 60) + 180, b.toCome(60).expectedSec(), 1e-9);
        assertEquals(null, new Budget(null, 100, 0, 2).toCome(50).atMostSec(), "no budget, no bound");
    }
}
