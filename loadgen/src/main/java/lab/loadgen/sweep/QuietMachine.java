package lab.loadgen.sweep;

import java.time.Duration;
import java.util.Locale;

import lab.loadgen.metrics.ProcCpu;

/** The waits for quiet: the machine before a sweep's first warm-up, an instance before each repetition. */
final class QuietMachine {

    private QuietMachine() {
    }

    /** The machine is quiet enough to start when its cores are busy less than this share of the time. */
    static final double QUIET_BUSY_SHARE = 0.25;
    /** ... waited for at most this long. */
    static final Duration QUIET_MAX = Duration.ofSeconds(90);
    private static final Duration QUIET_WINDOW = Duration.ofSeconds(2);

    /**
     * Before the first warm-up: right after make up the lab's JVMs may still be compiling their
     * start-up (its 1-minute load average reads 13–16 on two cores, an average that lags), and the
     * first instance warmed up would share the machine with eight others. Waits until the cores are less than {@link #QUIET_BUSY_SHARE} busy
     * over {@link #QUIET_WINDOW}, at most {@link #QUIET_MAX}; the console says how it went.
     */
    static void await(Progress progress) throws InterruptedException {
        Integer cores = ProcCpu.cores();
        long start = System.nanoTime();
        long deadline = start + QUIET_MAX.toNanos();
        Double busy = null;
        while (cores != null) {
            Double before = ProcCpu.machineBusySec();
            Thread.sleep(QUIET_WINDOW);
            Double after = ProcCpu.machineBusySec();
            if (before == null || after == null) {
                return;
            }
            busy = (after - before) / (QUIET_WINDOW.toMillis() / 1000.0) / cores;
            if (busy < QUIET_BUSY_SHARE || System.nanoTime() > deadline) {
                break;
            }
            if (System.nanoTime() - start < QUIET_WINDOW.toNanos() * 3 / 2) {
                progress.info(String.format(Locale.ROOT, "waiting for a quiet machine: its %d cores %.0f %% busy "
                        + "(the lab's JVMs still compiling their start-up?), at most %d s", cores, busy * 100, QUIET_MAX.toSeconds()));
            }
        }
        long waited = (System.nanoTime() - start) / 1_000_000_000L;
        if (busy != null && busy >= QUIET_BUSY_SHARE) {
            progress.info(String.format(Locale.ROOT, "the machine is still %.0f %% busy after %d s; starting anyway",
                    busy * 100, waited));
        } else if (waited > QUIET_WINDOW.toSeconds()) {
            progress.info(String.format(Locale.ROOT, "quiet after %d s", waited));
        }
    }

    static void awaitIdle(StepExecutor exec, Step step, Progress progress) throws InterruptedException {
        awaitIdle(exec, step, progress, StepExecutor.IDLE_MAX);
    }

    /** Whether the instance was seen idle within {@code max}; the console says when it was not. */
    static boolean awaitIdle(StepExecutor exec, Step step, Progress progress, Duration max) throws InterruptedException {
        if (exec.awaitIdle(step, Duration.ofMillis((long) (step.plan().pauseSec() * 1000)), max)) {
            return true;
        }
        progress.info(String.format(Locale.ROOT, "%s: still busy %d s after its load stopped "
                + "(requests of closed connections): what it measures next may start on that backlog",
                step.label(), max.toSeconds()));
        return false;
    }
}
