package lab.access.spi;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import lab.access.ClientOptions;
import lab.access.ClientOptions.Overflow;
import lab.access.Deadline;

/**
 * Admission, and nothing else: at most {@code poolSize + queueBound} calls of a source are in
 * flight. When that is full, {@code FAIL} refuses at once and {@code BLOCK} waits up to
 * {@code connectTimeout} (less when the caller's deadline comes first).
 */
final class Admission {

    private final Overflow overflow;
    private final long blockTimeoutMs;
    private final int limit;
    private final Semaphore room;

    Admission(ClientOptions options) {
        this.overflow = options.overflow();
        this.blockTimeoutMs = options.connectTimeout().toMillis();
        this.limit = options.poolSize() + options.queueBound();
        this.room = new Semaphore(limit);
    }

    /** Room for a call, by the overflow rule; false when there is none. */
    boolean enter(Deadline deadline) {
        if (overflow == Overflow.FAIL) {
            return room.tryAcquire();
        }
        try {
            return room.tryAcquire(Math.max(0, deadline.millisLeft(blockTimeoutMs)), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Room if there is some now, never waiting (COMMIT and ROLLBACK run without when there is none). */
    boolean tryEnter() {
        return room.tryAcquire();
    }

    /** Gives back the room of a call that {@link #enter}ed. */
    void leave() {
        room.release();
    }

    /** The bound, named in the overload error. */
    int limit() {
        return limit;
    }
}
