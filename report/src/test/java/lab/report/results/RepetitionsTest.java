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

    /** A repetition whose app reported {@code appInFlight} requests in flight by its own count. */
    static Point rep(int c, double rps, double meanMs, double appInFlight) {
        Point p = rep(c, rps, meanMs);
        return new Point(p.concurrency(), p.requestsPerSec(), p.meanReplyMs(), p.p50Ms(), p.p99Ms(), p.errors(),
                p.serverThreads(), p.serverHeapMb(), null, null, null, null, p.requests(), p.durationSec(), null, null,
                p.serverCpuPct(), p.loadToolCpuPct(), p.loadToolCpuSec(), false, null, Map.of(), null, Map.of(), List.of(),
                null, p.raw(), p.started(), p.littleConcurrency(), null, null, null, null, null, null, null, null, null,
                null, null, null, null, new Point.Queue(null, null, null, appInFlight, null));
    }

    /** A wrk repetition: no Little's law (corrected mean), the tool's open connections counted instead. */
    static Point wrkRep(int c, double toolConnections) {
        Point p = rep(c, 100, 50, 20.0);
        return new Point(p.concurrency(), p.requestsPerSec(), p.meanReplyMs(), p.p50Ms(), p.p99Ms(), p.errors(),
                p.serverThreads(), p.serverHeapMb(), null, null, null, null, p.requests(), p.durationSec(), null, null,
                p.serverCpuPct(), p.loadToolCpuPct(), p.loadToolCpuSec(), false, null, Map.of(), null, Map.of(), List.of(),
                null, p.raw(), p.started(), null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, new Point.Queue(null, null, null, 20.0, toolConnections));
    }

    @Test
    void withoutLittlesLawTheLoadHeldIsNotKnownWhateverTheToolHeldOpen() {
        // old rule: the tool's open connections stood in for Little's law, and 10,000 open read "held",
        // though the app counted 20 in flight (an event loop that blocks: the rest wait in sockets)
        Point open = Repetitions.aggregate(10_000, List.of(wrkRep(10_000, 10_000), wrkRep(10_000, 9_990),
                wrkRep(10_000, 10_001)), true, null);
        assertEquals(Point.Held.NOT_COUNTED, open.held());
        assertTrue(open.hasFlag(Point.FLAG_LOAD_UNKNOWN), "an unknown load blocks, it does not pass");
        assertFalse(open.hasFlag(Point.FLAG_BELOW_NOMINAL));
        assertEquals(10_000.0, open.queue().toolConnections());
        Point openLoop = Repetitions.aggregate(10_000, List.of(wrkRep(10_000, 5_300), wrkRep(10_000, 5_300),
                wrkRep(10_000, 5_300)), false, null);
        assertFalse(openLoop.hasFlag(Point.FLAG_LOAD_UNKNOWN), "an open loop holds no nominal load to count");
    }

    @Test
    void theToolsAndTheAppsCountsMustAgree() {
        assertEquals(Point.Held.HELD, Point.held(9_500.0, 9_200.0, 10_000));
        assertEquals(Point.Held.BELOW, Point.held(5_300.0, 2_064.0, 10_000));
        assertEquals(Point.Held.DISAGREE, Point.held(9_990.0, 2_064.0, 10_000), "10,000 sent, 2,064 inside the app");
        assertEquals(Point.Held.NOT_COUNTED, Point.held(null, 2_064.0, 10_000));
        assertEquals(Point.Held.NOT_COUNTED, Point.held(9_990.0, null, 10_000));
    }

    /** A tool that opens its sessions at a rate (httperf) holds fewer connections than it asks: Little's law decides. */
    @Test
    void whereLittlesLawIsMeasuredTheToolsOpenConnectionsDoNotOverruleIt() {
        Point r = rep(25, 500, 48, 24.0);
        Point ramping = new Point(r.concurrency(), r.requestsPerSec(), r.meanReplyMs(), r.p50Ms(), r.p99Ms(), r.errors(),
                r.serverThreads(), r.serverHeapMb(), null, null, null, null, r.requests(), r.durationSec(), null, null,
                r.serverCpuPct(), r.loadToolCpuPct(), r.loadToolCpuSec(), false, null, Map.of(), null, Map.of(), List.of(),
                null, r.raw(), r.started(), r.littleConcurrency(), null, null, null, null, null, null, null, null, null,
                null, null, null, null, new Point.Queue(null, null, null, 24.0, 12.0));
        Point p = Repetitions.aggregate(25, List.of(ramping, ramping, ramping), true, null);
        assertEquals(24.0, p.littleConcurrency(), 1e-9);
        assertFalse(p.hasFlag(Point.FLAG_BELOW_NOMINAL), "24 of 25 in flight by Little's law and by the app; 12 open on average");
    }

    @Test
    void littlesLawFlagsAClosedLoopPointBelow90PercentOfNominal() {
        // 100 req/s x 50 ms = 5 in flight of 25 nominal: 20 %, and the app saw 4.8 in flight
        Point low = Repetitions.aggregate(25, List.of(rep(25, 100, 50, 4.8), rep(25, 100, 50, 4.8), rep(25, 100, 50, 4.8)),
                true, null);
        assertEquals(5.0, low.littleConcurrency(), 1e-9);
        assertTrue(low.hasFlag(Point.FLAG_BELOW_NOMINAL));
        // the tool's figure alone says nothing known: the app's own in-flight figure must agree
        Point alone = Repetitions.aggregate(25, List.of(rep(25, 100, 50), rep(25, 100, 50), rep(25, 100, 50)), true, null);
        assertFalse(alone.hasFlag(Point.FLAG_BELOW_NOMINAL));
        assertTrue(alone.hasFlag(Point.FLAG_LOAD_UNKNOWN), "no count inside the app");
        Point appDisagrees = Repetitions.aggregate(25, List.of(rep(25, 100, 50, 24.0), rep(25, 100, 50, 24.5),
                rep(25, 100, 50, 23.9)), true, null);
        assertFalse(appDisagrees.hasFlag(Point.FLAG_BELOW_NOMINAL), "24 of 25 in flight inside the app");
        assertTrue(appDisagrees.hasFlag(Point.FLAG_LOAD_UNKNOWN), "the tool says 5, the app 24: not known");
        // 500 req/s x 45 ms = 22.5 of 25: 90 %
        Point ok = Repetitions.aggregate(25, List.of(rep(25, 500, 45), rep(25, 500, 45), rep(25, 500, 45)), true, null);
        assertEquals(22.5, ok.littleConcurrency(), 1e-9);
        assertFalse(ok.hasFlag(Point.FLAG_BELOW_NOMINAL));
        // exactly 90 % is not below; 85 % is (the nonblocking shop held 53 % of 10,000 unflagged at 80 %)
        Point edge = Repetitions.aggregate(10, List.of(rep(10, 100, 90)), true, null);
        assertFalse(edge.hasFlag(Point.FLAG_BELOW_NOMINAL));
        Point short85 = Repetitions.aggregate(20, List.of(rep(20, 100, 170, 17.0), rep(20, 100, 170, 17.0), rep(20, 100, 170, 17.0)), true, null);
        assertTrue(short85.hasFlag(Point.FLAG_BELOW_NOMINAL));
    }

    @Test
    void repetitionsThatTrendOneWayAreNotSteady() {
        Point rising = Repetitions.aggregate(20, List.of(rep(20, 484, 40), rep(20, 668, 30), rep(20, 762, 26)), true, null);
        assertTrue(rising.hasFlag(Point.FLAG_NOT_STEADY), "484 → 668 → 762: still warming up");
        Point noisy = Repetitions.aggregate(20, List.of(rep(20, 700, 28), rep(20, 760, 26), rep(20, 720, 27)), true, null);
        assertFalse(noisy.hasFlag(Point.FLAG_NOT_STEADY), "up then down: no trend");
        Point small = Repetitions.aggregate(20, List.of(rep(20, 700, 28), rep(20, 720, 27), rep(20, 750, 26)), true, null);
        assertFalse(small.hasFlag(Point.FLAG_NOT_STEADY), "monotone, but 7 % from first to last");
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

    @Test
    void aFlawedRepetitionIsLeftOutAndCountedNotItsWholePoint() {
        // old rule: one repetition with a saturated load tool flagged the whole point, which then decided nothing
        List<Point> reps = List.of(Points.rep(10, 100, 0), Points.rep(10, 102, 0), Points.rep(10, 40, 0, List.of(Point.FLAG_SATURATED)),
                Points.rep(10, 98, 0), Points.rep(10, 101, 0));
        Point p = Repetitions.aggregate(10, reps, true, null);
        assertFalse(p.hasFlag(Point.FLAG_SATURATED), p.flags().toString());
        assertEquals(100.5, p.requestsPerSec(), 1e-9, "the median of the four sound ones");
        assertEquals(java.util.Map.of(Point.FLAG_SATURATED, 1), p.repetitionsLeftOut());
        assertTrue(reps.get(2).leftOutOf(p));
        assertFalse(ResultsJson.mapper().writeValueAsString(p).contains("repetitionsLeftOut"), "derived from the repetitions, not written");
        assertFalse(reps.get(0).leftOutOf(p));
        // every repetition flawed: nothing is left out, the point carries the flaw
        List<Point> all = List.of(Points.rep(10, 40, 0, List.of(Point.FLAG_SATURATED)), Points.rep(10, 41, 0, List.of(Point.FLAG_SATURATED)));
        Point flagged = Repetitions.aggregate(10, all, true, null);
        assertTrue(flagged.hasFlag(Point.FLAG_SATURATED));
        assertEquals(java.util.Map.of(), flagged.repetitionsLeftOut());
    }
}
