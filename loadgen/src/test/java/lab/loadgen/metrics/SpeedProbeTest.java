package lab.loadgen.metrics;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The machine's speed probe, on this machine's real cores. */
class SpeedProbeTest {

    @Test
    void aWindowGivesTheLoopsMedianCpuTimeAndEndsItsThread() throws Exception {
        SpeedProbe p = SpeedProbe.start();
        assertNotNull(p, "this JVM times its threads' CPU");
        Thread.sleep(600);
        Double ms = p.stop();
        assertNotNull(ms, "several samples in 600 ms");
        // about 1 ms on the lab's 2-core VM; a machine 20× slower or faster would mean the loop is not what it says
        assertTrue(ms > 0.05 && ms < 20, ms + " ms");
        Thread.sleep(100);
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().equals("speed-probe") && t.isAlive()),
                "no probe thread left behind");
    }
}
