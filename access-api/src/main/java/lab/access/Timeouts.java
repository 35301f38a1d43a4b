package lab.access;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one timer of the lab's clients and apps: time limits on stages ({@link #within}, what
 * {@link CompletableFuture#orTimeout} does) and delayed actions ({@link #after}), on one JDK
 * scheduler thread. Why not {@code orTimeout}: on JDK 25 its scheduler (the common pool's
 * {@code DelayScheduler}) is signalled for every limit set and every one cancelled, and wakes for
 * most of them (15,500 times for 10,000 limits set and cancelled 20 µs apart, {@code TimeoutsTest}).
 * A portal page sets 16 (one per call, one per panel) and cancels them within milliseconds: the
 * scheduler's wake-ups were 8 % of the nonblocking portal's CPU in its flame graph at 0 ms and 200
 * connections. Here a limit set later than the earliest one pending, and any limit cancelled, wakes
 * nobody; a tick every second stays pending as the earliest, so that calls made one at a time (a
 * session's queries in order) do not each wake the timer, as they did once per query.
 */
public final class Timeouts {

    /** The standing tick: limits of a second or more are never the earliest, so setting one wakes nobody. */
    private static final long TICK_MS = 1_000;
    private static final ScheduledThreadPoolExecutor TIMER = timer();

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
        ScheduledFuture<?> limit = after(millis, () -> stage.completeExceptionally(new TimeoutException()));
        stage.whenComplete((value, error) -> limit.cancel(false));
        return stage;
    }

    /** Runs {@code task} on the timer's thread in {@code millis} (it must not block); cancel the result to drop it. */
    public static ScheduledFuture<?> after(long millis, Runnable task) {
        return TIMER.schedule(task, Math.max(0, millis), TimeUnit.MILLISECONDS);
    }

    /** Limits and actions still waiting: a cancelled one leaves at once. */
    static int pending() {
        return TIMER.getQueue().size();
    }

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "lab-timeouts");
            thread.setDaemon(true);
            return thread;
        });
        timer.setRemoveOnCancelPolicy(true);
        timer.scheduleAtFixedRate(() -> { }, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
        return timer;
    }
}
