package lab.access;

import java.time.Duration;

/**
 * A time by which a caller needs all its answers, passed explicitly: {@link DbClient#withDeadline}
 * gives a view of a client whose calls, and the calls of sessions opened from it, carry it. Every
 * mode honours it the same way: a call made after it fails at once with
 * {@link SourceUnavailableException} without touching the database, and a call still running at it
 * fails with {@link SourceUnavailableException} (its statement is cancelled on the server). It is
 * never longer than {@link ClientOptions#queryTimeout()}, which bounds each call on its own. The
 * {@code jdbc} portal page makes 12 calls in a row: a per-call timeout alone would let the page take 12 of them.
 */
public final class Deadline {

    /** No deadline: only the client's own timeouts apply. */
    public static final Deadline NONE = new Deadline(0, false);

    private final long atNanos;
    private final boolean set;

    private Deadline(long atNanos, boolean set) {
        this.atNanos = atNanos;
        this.set = set;
    }

    /** A deadline {@code budget} from now. */
    public static Deadline in(Duration budget) {
        return new Deadline(System.nanoTime() + budget.toNanos(), true);
    }

    /** Whichever of the two comes first. */
    public Deadline earlier(Deadline other) {
        if (!other.set) {
            return this;
        }
        return !set || other.atNanos - atNanos < 0 ? other : this;
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

    @Override
    public String toString() {
        return set ? "deadline in " + millisLeft(Long.MAX_VALUE) + " ms" : "no deadline";
    }
}
