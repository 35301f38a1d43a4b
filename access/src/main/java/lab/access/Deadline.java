package lab.access;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * A time by which a caller needs all its answers, for callers that run their calls one after
 * another: the {@code jdbc} portal page makes 12 calls in a row, so a per-call timeout alone would
 * let the page take 12 of them. Calls made on this thread inside {@link #within} carry the
 * deadline; the JDBC modes wait for a connection, run the statement and wait on its socket for at
 * most the time left (never longer than {@link ClientOptions#queryTimeout()}), and a call made
 * after the deadline fails at once without touching the database. The non-blocking engine ignores
 * it: its calls run concurrently and the caller bounds the whole with {@code orTimeout}.
 */
public final class Deadline {

    private static final ThreadLocal<Deadline> CURRENT = new ThreadLocal<>();
    /** No deadline: only the client's own timeouts apply. */
    public static final Deadline NONE = new Deadline(0, false);

    private final long atNanos;
    private final boolean set;

    private Deadline(long atNanos, boolean set) {
        this.atNanos = atNanos;
        this.set = set;
    }

    /** Runs {@code work} with a deadline {@code budget} from now (or the caller's, if that is earlier). */
    public static <T> T within(Duration budget, Supplier<T> work) {
        Deadline outer = CURRENT.get();
        Deadline mine = new Deadline(System.nanoTime() + budget.toNanos(), true);
        CURRENT.set(outer != null && outer.atNanos - mine.atNanos < 0 ? outer : mine);
        try {
            return work.get();
        } finally {
            if (outer == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(outer);
            }
        }
    }

    /** The deadline of the calling thread; {@link #NONE} outside {@link #within}. Read when a call is made. */
    public static Deadline current() {
        Deadline d = CURRENT.get();
        return d == null ? NONE : d;
    }

    /** Milliseconds left, at most {@code capMs}; 0 or less once the deadline has passed. */
    public long millisLeft(long capMs) {
        if (!set) {
            return capMs;
        }
        return Math.min(capMs, Math.floorDiv(atNanos - System.nanoTime(), 1_000_000L));
    }

    public boolean isSet() {
        return set;
    }
}
