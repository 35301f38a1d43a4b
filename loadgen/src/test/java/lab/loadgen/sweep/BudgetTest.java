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
        // 15 s beyond the plan, 4 scenarios to come keep a quarter round each (10 s): 5 s left
        assertFalse(new SweepRunner.Budget(100, 95, 5).allows(10, 10));
        assertFalse(new SweepRunner.Budget(100, 120, 1).allows(10, 10));
        assertTrue(new SweepRunner.Budget(null, 1000, 1).allows(10, 10));
    }
}
