package lab.loadgen.sweep;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The run's budget for added rounds (SweepRunner.Budget), at the start of a run (elapsed ≈ 0). */
class BudgetTest {

    @Test
    void theFirstScenarioOfTheMapMayAddARound() {
        // the map: 24 min allowed, 21:45 planned, 16 scenarios, a portal round of 16 s; an equal
        // share (215 s ÷ 16 = 13 s) refused it, so the 0 ms cells never got a fourth round
        assertTrue(new SweepRunner.Budget(1440, 1305, 16).allows(16, 80));
    }

    @Test
    void aRoundBeyondTheLimitOrTheReserveIsRefused() {
        // 15 s beyond the plan, 4 scenarios to come keep half a round each (20 s)
        assertFalse(new SweepRunner.Budget(100, 95, 5).allows(10, 10));
        assertFalse(new SweepRunner.Budget(100, 120, 1).allows(10, 10));
        assertTrue(new SweepRunner.Budget(null, 1000, 1).allows(10, 10));
    }

    @Test
    void aSlowPointsLongerRepetitionsAreChargedAndBounded() {
        SweepRunner.Budget b = new SweepRunner.Budget(100, 69, 2);
        // 31 s beyond the plan: 3 repetitions of 12 s (27 s more) fit, then 4 s are left
        org.junit.jupiter.api.Assertions.assertEquals(12, b.stretch(12, 3, 3), "wanted 12: 3 × 9 s = 27 s fit");
        org.junit.jupiter.api.Assertions.assertEquals(4, b.stretch(12, 3, 3), "4 s left: 1 s more each");
        org.junit.jupiter.api.Assertions.assertEquals(3, b.stretch(12, 3, 3), "nothing left");
        org.junit.jupiter.api.Assertions.assertEquals(3, b.stretch(2, 3, 3), "never shorter than the plan");
    }
}
