package lab.report.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Others' CPU as the flag, the progress line and the point table read it: one sum. */
class InterferenceTest {

    static Interference of(double otherInstances, double rest, boolean flagged) {
        return new Interference(80.0, Map.of(), Map.of("portal-jdbc", otherInstances), rest, 150.0, flagged, null);
    }

    @Test
    void aNegativeRestDoesNotHideTheOtherInstances() {
        // map 20261127-234126: instances above 10 % of a core, a rest of about -40 %: "-12 %" was printed
        assertEquals(28.0, of(28, -40, true).otherPct(), 1e-9);
        assertEquals(33.0, of(28, 5, false).otherPct(), 1e-9);
    }

    @Test
    void theSumTheFlagJudgesIsTheSumShown() {
        double shown = Interference.otherPct(Map.of("a", 12.0), -40.0);
        assertTrue(Interference.contended(shown, null, 190.0, 2), "12 % taken, 10 % left idle");
        assertFalse(Interference.contended(Interference.otherPct(Map.of("a", 8.0), -40.0), null, 190.0, 2));
    }

    @Test
    void onlyWhatOthersTakeBeyondTheMachinesBackgroundFlags() {
        // thesis-quick of 2026-12-04, portal jdbc at 50 connections: idle instances 5.3 % and a rest of 7.7 % on a
        // full machine, where the same others took 7 % at rest: flagged against the limit alone
        assertTrue(Interference.contended(13.0, null, 199.4, 2));
        assertFalse(Interference.contended(13.0, 7.0, 199.4, 2), "3 % of a core beyond the background");
        assertTrue(Interference.contended(17.5, 7.0, 199.4, 2), "10.5 % beyond it");
        assertFalse(Interference.contended(17.5, 7.0, 150.0, 2), "the machine left more idle than that");
        // a machine still busy at rest hides at most the limit: others at twice the limit are flagged whatever it read
        assertEquals(Interference.LIMIT_PCT, Interference.background(35.0), 1e-9);
        assertTrue(Interference.contended(2 * Interference.LIMIT_PCT + 0.5, 35.0, 199.4, 2));
        assertEquals(0.0, Interference.background(null), 1e-9);
        assertEquals(0.0, Interference.background(-3.0), 1e-9);
    }

    @Test
    void theWorstRepetitionIsRankedByTheSameSum() {
        Interference hidden = of(28, -40, false);
        Interference small = of(10, 5, false);
        assertSame(hidden, Interference.worst(List.of(small, hidden)));
    }
}
