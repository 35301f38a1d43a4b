package lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import lab.report.Spread;

/** What an inconclusive ratio claim says would decide it (issue "The thesis, decided"). */
class ToDecideTest {

    @Test
    void aRangeAcrossTheBoundNeedsSamplesInTheSquareOfItsWidthOverTheMediansDistance() {
        // median 2.5, range 1.5–4.17 across the bound 2: half-width ln(5/3) against ln(1.25) → 3 × 5.24 forks
        String s = Claim.toDecide(new Spread(2.5, 1.5, 2.5 * 2.5 / 1.5, 6), 3, "forks", 2.0);
        assertEquals("to decide: about 16 forks a side (this run: 3) for the range to clear 2×, were they as spread as here", s);
    }

    @Test
    void aMedianOnTheBoundIsNotDecidedByMoreSamples() {
        String s = Claim.toDecide(new Spread(1.21, 0.9, 1.6, 6), 3, "forks", 1.2);
        assertTrue(s.contains("sits on the bound 1.20×"), s);
    }

    @Test
    void aRangeOnOneSideOfEveryBoundNeedsNothing() {
        assertEquals("", Claim.toDecide(new Spread(2.0, 1.5, 2.67, 6), 3, "forks", 3.0));
        // the nearest of a band's two bounds counts
        assertEquals("", Claim.toDecide(new Spread(1.0, 0.9, 1.1, 6), 3, "forks", 0.8, 1.2));
        String across = Claim.toDecide(new Spread(1.0, 0.7, 1.43, 6), 4, "forks", 0.8, 1.2);
        assertTrue(across.startsWith("to decide: about ") && across.contains("clear 1.20×"), across);
    }
}
