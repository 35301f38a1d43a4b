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
        assertTrue(Interference.contended(shown, 190.0, 2), "12 % taken, 10 % left idle");
        assertFalse(Interference.contended(Interference.otherPct(Map.of("a", 8.0), -40.0), 190.0, 2));
    }

    @Test
    void theWorstRepetitionIsRankedByTheSameSum() {
        Interference hidden = of(28, -40, false);
        Interference small = of(10, 5, false);
        assertSame(hidden, Interference.worst(List.of(small, hidden)));
    }
}
