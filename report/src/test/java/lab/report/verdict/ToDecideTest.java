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

    @Test
    void aLoadTieThatIsNoEqualityNamesTheRepetitionsThatWouldDecideIt() {
        java.util.List<Double> a = java.util.List.of(100.0, 190.0, 120.0, 160.0);
        java.util.List<Double> b = java.util.List.of(100.0, 105.0, 95.0, 110.0);
        Verdict.Candidate ca = new Verdict.Candidate(Spread.of(a), a, java.util.List.of());
        Verdict.Candidate cb = new Verdict.Candidate(Spread.of(b), b, java.util.List.of());
        Pairwise.Comparison c = Pairwise.compare("a", ca, "b", cb, Verdict.Better.HIGHER);
        assertEquals(Pairwise.Outcome.TIE, c.outcome(), String.valueOf(c));
        String s = LoadClaims.toDecide(c, ca, cb);
        assertTrue(s.startsWith("; to decide: about ") && s.contains("repetitions a side (this run: 4)") && s.contains("clear 1×"), s);
        // a clear difference needs nothing
        java.util.List<Double> far = java.util.List.of(300.0, 310.0, 290.0, 305.0);
        Verdict.Candidate cf = new Verdict.Candidate(Spread.of(far), far, java.util.List.of());
        assertEquals("", LoadClaims.toDecide(Pairwise.compare("f", cf, "b", cb, Verdict.Better.HIGHER), cf, cb));
    }

    @Test
    void aDifferenceAcrossItsBoundNeedsSamplesTheSameWay() {
        // −0.5 ms per connection, range −1.5 to 0.5: half-width 1 against a distance 0.5 → 3 × 4 forks
        assertEquals("to decide: about 12 forks a side (this run: 3) for the range to clear 0 ms per connection, were they as "
                + "spread as here", Claim.toDecideDifference(new Spread(-0.5, -1.5, 0.5, 9), 3, "forks", "ms per connection", 0));
        assertEquals("", Claim.toDecideDifference(new Spread(-0.5, -0.9, -0.1, 9), 3, "forks", "ms", 0), "decided: below 0");
        assertTrue(Claim.toDecideDifference(new Spread(0.001, -1, 1, 9), 3, "forks", "ms", 0).contains("sits on the bound 0 ms"));
    }

    @Test
    void aPairAFlagLeftUndecidedNamesTheRunThatWouldLiftTheFlag() {
        // thesis-quick of 2026-12-04, portal at 400 connections: jdbc's three repetitions still rose (notSteady),
        // and the claim read "(jdbc flagged: notSteady)" with nothing on what would decide it
        java.util.List<Double> nb = java.util.List.of(1300.0, 1350.0, 1320.0);
        // its trend, 380 → 520, continued once more (660) stays far short of 1,300: it cannot close the gap
        java.util.List<Double> jdbc = java.util.List.of(380.0, 450.0, 520.0);
        Verdict.Candidate cn = new Verdict.Candidate(Spread.of(nb), nb, java.util.List.of());
        Verdict.Candidate cj = new Verdict.Candidate(Spread.of(jdbc), jdbc, java.util.List.of(lab.report.results.Point.FLAG_NOT_STEADY));
        assertEquals(Pairwise.Outcome.FIRST, Pairwise.compare("nonblocking", cn, "jdbc", cj, Verdict.Better.HIGHER).outcome());
        // 380 → 1,250 continued once more (2,120) could: the flag blocks
        java.util.List<Double> rising = java.util.List.of(380.0, 800.0, 1250.0);
        cj = new Verdict.Candidate(Spread.of(rising), rising, java.util.List.of(lab.report.results.Point.FLAG_NOT_STEADY));
        Pairwise.Comparison c = Pairwise.compare("nonblocking", cn, "jdbc", cj, Verdict.Better.HIGHER);
        assertEquals(Pairwise.Outcome.UNDECIDED, c.outcome(), String.valueOf(c));
        String s = LoadClaims.toDecide(c, cn, cj);
        assertTrue(s.startsWith("; to decide: repetitions that no longer trend, after a longer warm-up"), s);
        assertEquals("to decide: a rerun with nothing else busy on the machine; and a load tool with CPU to spare (on a host of its "
                + "own: docs/several-machines.md)", Flags.toDecide("jdbc flagged: interference, loadToolSaturated"));
        assertEquals("", Flags.toDecide("jdbc flagged: errors"), "no rerun lifts what the mode did");
        assertEquals("", Flags.toDecide("too few repetitions (jdbc: 1, 3 needed)"));
    }
}
