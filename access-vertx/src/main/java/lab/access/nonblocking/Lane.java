package lab.access.nonblocking;

import io.vertx.core.Future;

/**
 * One pooled connection shared by many sessions' queries (multiplexing): they are pipelined on
 * it in the order they were sent. {@code load} counts the calls on it that have not ended;
 * a draining lane takes no new sessions and goes back to the pool once its load is zero, or is
 * closed then if {@code abandoned} (a call on it timed out: a late answer may still be due).
 * Fields are guarded by the lock of {@link Connections}.
 */
final class Lane {

    final Future<Leased> connection;
    int load;
    boolean draining;
    boolean abandoned;

    Lane(Future<Leased> connection) {
        this.connection = connection;
    }
}
