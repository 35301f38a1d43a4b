package lab.access;

import io.netty.util.HashedWheelTimer;
import io.netty.util.Timeout;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one timer of the lab's clients and apps: time limits on stages ({@link #within}, what
 * {@link CompletableFuture#orTimeout} does) and delayed actions ({@link #after}), on Netty's
 * hashed timer wheel. A portal page sets 16 limits (one per call, one per panel) and cancels them
 * within milliseconds, so setting and cancelling one must cost next to nothing:
 * <ul>
 *   <li>{@code orTimeout} (JDK 25's {@code DelayScheduler}) is signalled for every limit set and
 *   cancelled, and woke for most of them: 8 % of the nonblocking portal's CPU at 0 ms and 200
 *   connections;</li>
 *   <li>a {@code ScheduledThreadPoolExecutor} wakes nobody when a limit is set behind the earliest,
 *   but each set and cancel sifts its heap under one lock: 4.4 % of the nonblocking portal's CPU
 *   at 78 ms and 200 connections, where some 2,500 limits are pending (2026-11-30 profile);</li>
 *   <li>here a limit set is one entry in a lock-free queue and a cancel another; the wheel's thread
 *   files and drops them once per {@link #TICK_MS} tick, whatever the rate.</li>
 * </ul>
 * A limit fires at the first tick at or after its deadline: never early, at most a tick late.
 */
public final class Timeouts {

    /** The wheel's tick: a limit's lateness at most, and the timer thread's wake-ups (100 a second). */
    static final long TICK_MS = 10;
    private static final HashedWheelTimer TIMER = new HashedWheelTimer(task -> {
        Thread thread = new Thread(task, "lab-timeouts");
        thread.setDaemon(true);
        return thread;
    }, TICK_MS, TimeUnit.MILLISECONDS, 1024);

    private Timeouts() {
    }

    /**
     * Fails {@code stage} with a {@link TimeoutException} unless it completes within {@code millis};
     * returns it. Dependents of a stage that times out run on the timer's thread: they must not block.
     */
    public static <T> CompletableFuture<T> within(CompletableFuture<T> stage, long millis) {
        if (stage.isDone()) {
            return stage;
        }
        Timeout limit = after(millis, () -> stage.completeExceptionally(new TimeoutException()));
        stage.whenComplete((value, error) -> limit.cancel());
        return stage;
    }

    /** Runs {@code task} on the timer's thread in {@code millis} (it must not block); cancel the result to drop it. */
    public static Timeout after(long millis, Runnable task) {
        return TIMER.newTimeout(timeout -> task.run(), Math.max(0, millis), TimeUnit.MILLISECONDS);
    }

    /** Limits and actions still waiting: a cancelled one leaves at the next tick. */
    static long pending() {
        return TIMER.pendingTimeouts();
    }
}
