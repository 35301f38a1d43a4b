package lab.report.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lab.report.results.Interference;
import lab.report.results.Point;
import lab.report.results.Points;
import lab.report.results.Repetitions;
import lab.report.results.Series;
import org.junit.jupiter.api.Test;

/** The machine's speed over a run: its spread, and how much of the repetitions' goodput spread it explains. */
class HostSpeedTest {

    /** A repetition at {@code rps} while the machine was {@code busyPct} % of a core busy and the loop took {@code loopMs}. */
    static Point rep(double rps, double busyPct, Double loopMs) {
        Point base = Points.rep(200, rps, 0);
        Interference i = new Interference(80.0, Map.of(), Map.of(), 0.0, busyPct, false, null, loopMs, null);
        return new Point(base.concurrency(), base.requestsPerSec(), base.meanReplyMs(), null, 300.0, 0L, 50, 100.0,
                null, null, null, null, base.requests(), 3.0, null, null, 50.0, 10.0, 1.0, false, null, Map.of(),
                null, Map.of(), List.of(), null, null, "t", base.littleConcurrency(), null, null, i, 0.0, null,
                null, null, base.successes(), base.answersPerSec(), 0.0, null, "successes", null, null);
    }

    static Series series(String mode, double busyPct, double[] rps, double[] loopMs) {
        List<Point> reps = new ArrayList<>();
        for (int k = 0; k < rps.length; k++) {
            reps.add(rep(rps[k], busyPct, loopMs[k]));
        }
        return new Series("portal", mode, "wrk", "portal-" + mode, "http://x/", List.of(Repetitions.aggregate(200, reps, true, 0.0)));
    }

    @Test
    void onABusyMachineGoodputThatFollowsTheHostsSpeedIsSaidToFollowIt() {
        // the same work a page: goodput × loop time constant, up to a little noise
        double[] loops = {1.0, 1.4, 0.8, 1.9, 1.1, 1.6};
        double[] fast = new double[loops.length];
        double[] slow = new double[loops.length];
        for (int k = 0; k < loops.length; k++) {
            fast[k] = 1000 / loops[k] * (k % 2 == 0 ? 1.03 : 0.97);
            slow[k] = 500 / loops[k];
        }
        HostSpeed h = HostSpeed.of(List.of(series("nonblocking", 195, fast, loops), series("jdbc", 198, slow, loops)), 2);
        assertEquals(0.8, h.loop().min());
        assertEquals(1.9, h.loop().max());
        assertEquals(12, h.pairs());
        assertTrue(h.r() < -0.95, "r " + h.r());
        assertTrue(h.sentence().contains("goodput moved with it"), h.sentence());
        assertTrue(h.sentence().contains("2.4× apart"), h.sentence());
    }

    @Test
    void whereTheCoresHadRoomTheHostsSpeedIsNoReasonAndFewTimedRepetitionsSayNothing() {
        double[] loops = {1.0, 1.4, 0.8, 1.9, 1.1, 1.6};
        double[] rps = {50, 50, 50, 50, 50, 50};
        // a pool-bound jdbc page at 78 ms: 53/s whatever the host, the machine a quarter busy
        HostSpeed idle = HostSpeed.of(List.of(series("jdbc", 50, rps, loops), series("virtual", 60, rps, loops)), 2);
        assertNull(idle.r(), "no busy repetition");
        assertEquals(0, idle.pairs());
        assertTrue(idle.sentence().startsWith("The machine's own speed: loadgen's fixed loop took 0.80–1.90 ms"), idle.sentence());
        assertNull(HostSpeed.of(List.of(series("jdbc", 195, new double[] {50, 60}, new double[] {1.0, 1.2})), 2),
                "two timed repetitions");
    }

    @Test
    void onABusyMachineGoodputThatIgnoresTheHostIsNotPutOnIt() {
        double[] loops = {1.0, 1.4, 0.8, 1.9, 1.1, 1.6, 1.2, 0.9, 1.5, 1.3};
        double[] rps = {500, 520, 505, 515, 498, 512, 503, 517, 509, 501};
        HostSpeed h = HostSpeed.of(List.of(series("nonblocking", 195, rps, loops)), 2);
        assertTrue(h.r() > -0.3, "r " + h.r());
        assertTrue(h.sentence().contains("did not clearly follow it"), h.sentence());
    }
}
