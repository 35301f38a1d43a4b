package lab.access.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.function.Function;
import lab.access.Deadline;
import lab.access.internal.CallGate;

/**
 * What the client and its sessions share, and all a session sees of its client: admission
 * ({@link CallGate}), the pool, and the mode's executor.
 */
final class JdbcCalls {

    private final CallGate gate;
    private final JdbcPool pool;
    private final Executor executor;
    /** Calls on the client itself: any pooled connection, back to the pool after the call. */
    final Lease perCall = new Lease() {
        @Override
        public Connection acquire(long waitMs) throws SQLException {
            return pool.borrow(waitMs);
        }

        @Override
        public void release(Connection connection) {
            closeQuietly(connection);
        }
    };

    JdbcCalls(CallGate gate, JdbcPool pool, Executor executor) {
        this.gate = gate;
        this.pool = pool;
        this.executor = executor;
    }

    /** Admits the call and hands it to {@code target} (the executor, or a session's queue). */
    <T> CompletionStage<T> submit(Lease lease, Consumer<Job> target, SqlWork<T> work) {
        return gate.submit(start(lease, target, work));
    }

    /** As {@link #submit}, never refused: COMMIT and ROLLBACK. */
    <T> CompletionStage<T> submitEnd(Lease lease, Consumer<Job> target, SqlWork<T> work) {
        return gate.submitEnd(start(lease, target, work));
    }

    /** Gives a job a thread of the mode; fails it as an overload (or a closed client) when refused. */
    void dispatch(Job job) {
        try {
            executor.execute(job);
        } catch (RejectedExecutionException e) {
            job.abort(gate.isClosed() ? gate.closedError() : gate.reject());
        }
    }

    Connection borrow(long waitMs) throws SQLException {
        return pool.borrow(waitMs);
    }

    String source() {
        return gate.source();
    }

    static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException | RuntimeException ignored) {
            // the pool discards a broken connection on its own
        }
    }

    private <T> Function<CallGate.Call, CompletableFuture<T>> start(Lease lease, Consumer<Job> target, SqlWork<T> work) {
        return admitted -> {
            JdbcCall<T> job = new JdbcCall<>(admitted, lease, work, gate.source(), Deadline.current());
            target.accept(job);
            return job.result;
        };
    }
}
