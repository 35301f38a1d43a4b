package lab.loadgen.sweep;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class QuietWindowTest {

    private static final long MS = 1_000_000L;

    @Test
    void quietOnlyOnceAWholeWindowUsedLessThanTheShare() {
        QuietWindow w = new QuietWindow(Duration.ofMillis(250), 0.10);
        assertFalse(w.add(0, 10.0));
        assertFalse(w.add(100 * MS, 10.0), "100 ms is not a window yet");
        assertFalse(w.add(200 * MS, 10.0));
        assertTrue(w.add(300 * MS, 10.02), "20 ms of CPU in 300 ms: 7 % of a core");
    }

    @Test
    void aBurstKeepsItBusyUntilItLeavesTheWindow() {
        QuietWindow w = new QuietWindow(Duration.ofMillis(250), 0.10);
        w.add(0, 10.0);
        w.add(100 * MS, 10.08); // an instance compiling: 80 % of a core
        assertFalse(w.add(300 * MS, 10.08), "the burst is inside the window");
        assertFalse(w.add(340 * MS, 10.09), "from 0 ms on (100 ms is not yet a window old): the burst and 10 ms more");
        assertTrue(w.add(450 * MS, 10.09), "from 100 ms on, after the burst: 10 ms in 350 ms");
    }
}
