package lab.report.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import lab.report.Spread;

/** Repetition statistics and the Little's-law flag, on fixed inputs. */
class RepetitionsTest {

    static Point rep(int c, double rps, double meanMs) {
        return new Point(c, rps, meanMs, null, meanMs * 2, 0L, 100, 50.0, null, null, null, null, 1000L, 10.0,
                null, null, 40.0, 20.0, 2.0, false, null, Map.of(), null, Map.of(), List.of(), null, "raw/r.txt", "t");
    }

    @Test
    void medianMinMaxOverRepetitions() {
        Point p = Repetitions.aggregate(10, List.of(rep(10, 100, 100), rep(10, 300, 33.3), rep(10, 200, 50)), true, null);
        assertEquals(200.0, p.requestsPerSec(), "median, not mean");
        Spread s = p.spread().get("requestsPerSec");
        assertEquals(new Spread(200, 100, 300, 3), s);
        assertEquals(3, p.repetitions().size());
        assertEquals(3000L, p.requests(), "counts are summed");
        assertEquals(30.0, p.durationSec());
        assertNull(p.raw(), "each repetition keeps its own raw file");
    }

    @Test
    void evenCountTakesTheMiddlePair() {
        Point p = Repetitions.aggregate(1, List.of(rep(1, 10, 1), rep(1, 20, 1), rep(1, 40, 1), rep(1, 30, 1)), true, null);
        assertEquals(25.0, p.requestsPerSec());
    }

    @Test
    void littlesLawFlagsAClosedLoopPointBelow80PercentOfNominal() {
        // 100 req/s x 50 ms = 5 in flight of 25 nominal: 20 %
        Point low = Repetitions.aggregate(25, List.of(rep(25, 100, 50), rep(25, 100, 50), rep(25, 100, 50)), true, null);
        assertEquals(5.0, low.littleConcurrency(), 1e-9);
        assertTrue(low.hasFlag(Point.FLAG_BELOW_NOMINAL));
        // 500 req/s x 45 ms = 22.5 of 25: 90 %
        Point ok = Repetitions.aggregate(25, List.of(rep(25, 500, 45), rep(25, 500, 45), rep(25, 500, 45)), true, null);
        assertEquals(22.5, ok.littleConcurrency(), 1e-9);
        assertFalse(ok.hasFlag(Point.FLAG_BELOW_NOMINAL));
        // exactly 80 % is not below
        Point edge = Repetitions.aggregate(10, List.of(rep(10, 100, 80)), true, null);
        assertFalse(edge.hasFlag(Point.FLAG_BELOW_NOMINAL));
    }

    @Test
    void anOpenLoopToolIsNotFlaggedForFewerRequestsInFlight() {
        Point p = Repetitions.aggregate(25, List.of(rep(25, 100, 50)), false, null);
        assertEquals(5.0, p.littleConcurrency(), 1e-9);
        assertFalse(p.hasFlag(Point.FLAG_BELOW_NOMINAL));
    }

    @Test
    void failedRepetitionsAreLeftOutAndFlagged() {
        Point failed = new Point(10, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, false, null, Map.of(), null, Map.of("all", "connection refused"),
                List.of(Point.FLAG_FAILED), "connection refused", null, "t");
        Point p = Repetitions.aggregate(10, List.of(rep(10, 100, 90), failed, rep(10, 120, 80)), true, 5.0);
        assertEquals(110.0, p.requestsPerSec());
        assertTrue(p.hasFlag("someRepetitionsFailed"));
        assertNull(p.error());
        assertEquals(5.0, p.rttMs());
        Point all = Repetitions.aggregate(10, List.of(failed, failed), true, null);
        assertEquals("connection refused", all.error());
        assertNull(all.requestsPerSec());
    }

    @Test
    void whatTheSuccessesCostTheApp() {
        // 50 % of one core for 500 successes/s at 200 connections, 300 MB heap, 120 threads; the
        // machine (2 cores) was 150 % busy in all: 1 ms CPU per success, 1,000 per CPU-second
        Cost c = Cost.of(500.0, 50.0, 300.0, 120, 200, 2, 150.0);
        assertEquals(1.0, c.cpuMsPerSuccess(), 1e-9);
        assertEquals(1000.0, c.successesPerCpuSecond(), 1e-9);
        assertEquals(1500.0, c.heapMbPerKConn(), 1e-9);
        assertEquals(600.0, c.threadsPerKConn(), 1e-9);
        assertEquals(1.0, c.cpuLeftCores(), 1e-9, "2 cores less the 100 % the others used");
        assertNull(Cost.of(0.0, 50.0, null, null, 200, 2, null).cpuMsPerSuccess(), "nothing succeeded: no cost per success");
    }
}
