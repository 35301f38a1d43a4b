package lab.loadgen.metrics;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import lab.report.Spread;

/**
 * How fast the machine itself ran while a repetition did: every {@link #EVERY_MS} ms a fixed loop
 * (integer arithmetic and random reads over {@link #TABLE_INTS} ints, out of the core's caches like an
 * app's heap), timed in this thread's own CPU time, so waiting for a core does not count, only how
 * long the core took. On a shared virtual machine that is not constant: the same Python loop took
 * 0.21–0.45 s of CPU on this lab's idle 2-core VM (no steal time), and a 3 s repetition's goodput
 * followed it (r = −0.78 over 18 windows of the same portal instance). The loop takes about 1 ms here: 1 % of a core.
 * Usage: {@code SpeedProbe p = SpeedProbe.start(); ...; Double ms = p.stop();}
 */
public final class SpeedProbe {

    static final long EVERY_MS = 100;
    static final int TABLE_INTS = 1 << 20; // 4 MB
    private static final int ROUNDS = 100_000;
    private static final int[] TABLE = table();
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static volatile long sink;

    static {
        // compiled before the first sample counts
        for (int i = 0; i < 200; i++) {
            sink = loop(i);
        }
    }

    private final List<Double> samples = new ArrayList<>();
    private final Thread thread;

    private SpeedProbe() {
        thread = Thread.ofPlatform().daemon().name("speed-probe").unstarted(this::sample);
    }

    /** Compiles the loop now (about 0.2 s of CPU), so that no measured window pays for it. */
    public static void warm() {
        // the class's initialiser does it, once
    }

    /** Starts sampling; null where this JVM cannot time a thread's CPU. */
    public static SpeedProbe start() {
        if (!THREADS.isCurrentThreadCpuTimeSupported()) {
            return null;
        }
        SpeedProbe p = new SpeedProbe();
        p.thread.start();
        return p;
    }

    /** Stops sampling: the median CPU ms of the loop over the window, or null without a sample. */
    public Double stop() {
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (samples) {
            if (samples.isEmpty()) {
                return null;
            }
            return Math.round(Spread.of(samples).median() * 1000.0) / 1000.0;
        }
    }

    private void sample() {
        while (!Thread.currentThread().isInterrupted()) {
            double ms = loopMs();
            synchronized (samples) {
                samples.add(ms);
            }
            try {
                Thread.sleep(EVERY_MS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** The loop's run, in this thread's CPU ms. */
    static double loopMs() {
        long t0 = THREADS.getCurrentThreadCpuTime();
        sink = loop(t0);
        return (THREADS.getCurrentThreadCpuTime() - t0) / 1e6;
    }

    private static long loop(long seed) {
        long x = seed | 1;
        long sum = 0;
        for (int i = 0; i < ROUNDS; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            sum += TABLE[(int) (x >>> 44) & (TABLE_INTS - 1)];
        }
        return sum;
    }

    private static int[] table() {
        int[] t = new int[TABLE_INTS];
        for (int i = 0; i < t.length; i++) {
            t[i] = i * 31;
        }
        return t;
    }
}
