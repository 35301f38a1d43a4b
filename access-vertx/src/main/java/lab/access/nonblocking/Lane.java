package lab.access.nonblocking;

import io.vertx.core.Future;

/**
 * One pooled connection shared by many sessions' queries (multiplexing): they are pipelined on
 * it in the order they were sent. {@code load} counts the calls on it that have not ended;
 * a draining lane takes no new sessions and goes back to the pool once its load is zero. A call
 * leaves it when its statement has ended, so a lane whose timed-out statement went unanswered is
 * closed by {@link VertxRunner} ({@code CancelBound}) before it can be lent again.
 * Fields are guarded by the lock of {@link Connections}.
 */
final class Lane {

    final Future<Leased> connection;
    int load;
    boolean draining;

    Lane(Future<Leased> connection) {
        this.connection = connection;
    }
}
