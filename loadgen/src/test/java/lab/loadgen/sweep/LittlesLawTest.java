package lab.loadgen.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import lab.loadgen.metrics.ServerMetrics;
import lab.loadgen.tool.Measurement;
import lab.report.results.Point;

/** Little's law on a measured mean only, and a flag only when the app's own in-flight count agrees. */
class LittlesLawTest {

    /** 200 connections; every answer's rate and mean as the tool printed them; the app's own count in flight. */
    static Point point(boolean correctedMean, double answersPerSec, double meanMs, Double appInFlight) {
        return point(correctedMean, answersPerSec, meanMs, appInFlight, null);
    }

    /** The same, with the tool's own count in flight (wrk's status script). */
    static Point point(boolean correctedMean, double answersPerSec, double meanMs, Double appInFlight, Double toolInFlight) {
        Measurement m = new Measurement(answersPerSec, meanMs, Measurement.Latencies.NONE, 1000L, 5.0, 0L, Map.of(), null,
                null, Map.of(), null, 1000L, answersPerSec, meanMs, null, Point.SUCCESSES, toolInFlight);
        ServerMetrics s = new ServerMetrics(50, 100.0, 30.0, null, 5, null, Map.of(), null, Map.of(), appInFlight, null);
        return Points.of(new Points.RepetitionData(200, m, s, null, null, null, "raw/x", "t", null, null, 2, correctedMean));
    }

    @Test
    void wrksCorrectedMeanWouldMisfireSoItIsNotUsed() {
        // wrk 4's mean after its synthetic samples: 800/s × 300 ms = 240 in flight for 200 connections
        Point wrk = point(true, 800, 300, 195.0);
        assertNull(wrk.littleConcurrency(), "no measured mean, no Little's law");
        assertTrue(wrk.unmeasured().get("littleConcurrency").contains("counted nothing in flight"));
        assertFalse(wrk.hasFlag(Point.FLAG_INCONSISTENT), "the corrected mean would have flagged it");
        assertEquals(195.0, wrk.queue().appInFlight());
        Point aggregated = lab.report.results.Repetitions.aggregate(200, List.of(wrk, wrk, wrk), true, null);
        assertFalse(aggregated.hasFlag(Point.FLAG_BELOW_NOMINAL));
    }

    /** wrk's status script counts what was in flight: the point that held 5,700 of 10,000 reads so, and is flagged. */
    @Test
    void wrksOwnCountInFlightIsLittlesLaw() {
        // rate × corrected mean says 240 of 200; the script counted 196: no flag either way
        Point held = point(true, 800, 300, 195.0, 196.0);
        assertEquals(196.0, held.littleConcurrency());
        assertNull(held.unmeasured().get("littleConcurrency"));
        assertFalse(held.hasFlag(Point.FLAG_INCONSISTENT));
        // the tool spent a third of each cycle on itself: 130 of 200 in flight, and the app saw fewer
        Point starved = point(true, 800, 300, 120.0, 130.0);
        Point aggregated = lab.report.results.Repetitions.aggregate(200, List.of(starved, starved, starved), true, null);
        assertTrue(aggregated.hasFlag(Point.FLAG_BELOW_NOMINAL), "130 of 200 in flight");
        assertFalse(lab.report.results.Repetitions.aggregate(200, List.of(held, held, held), true, null)
                .hasFlag(Point.FLAG_BELOW_NOMINAL));
    }

    @Test
    void aMeasuredMeanFlagsOnlyWhenTheAppAgrees() {
        assertTrue(point(false, 800, 300, 240.0).hasFlag(Point.FLAG_INCONSISTENT), "both say 240 for 200");
        assertFalse(point(false, 800, 300, 190.0).hasFlag(Point.FLAG_INCONSISTENT), "the app sees 190");
        assertFalse(point(false, 800, 300, null).hasFlag(Point.FLAG_INCONSISTENT), "no app figure, no flag");
    }

    @Test
    void aClosedLoopWithNoAnswerAtAllFailedInsteadOfVanishing() {
        Measurement none = new Measurement(0.0, null, Measurement.Latencies.NONE, 0L, 3.01, 0L, Map.of(), null, null,
                Map.of(), null, 0L, 0.0, null, null, Point.SUCCESSES);
        ServerMetrics s = new ServerMetrics(50, 100.0, 30.0, null, 5, null, Map.of(), null, Map.of(), null, null);
        Point silent = Points.of(new Points.RepetitionData(1000, none, s, null, null, null, "raw/x", "t", null, 78.0, 2, true));
        assertTrue(silent.hasFlag(Point.FLAG_FAILED));
        assertTrue(silent.error().contains("no answer within the 3.0 s window from 1000 connections"), silent.error());
        Point point = lab.report.results.Repetitions.aggregate(1000, List.of(silent, silent, silent), true, 78.0);
        assertTrue(point.hasFlag(Point.FLAG_FAILED), "a loss, in red");
        Point open = Points.of(new Points.RepetitionData(1000, none, s, null, null, 500, "raw/x", "t", null, 78.0, 2, false));
        assertFalse(open.hasFlag(Point.FLAG_FAILED), "an open loop's figures stand as they are");
    }
}
