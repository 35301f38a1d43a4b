package lab.access.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import lab.access.DbException;
import lab.access.Deadline;
import lab.access.SourceUnavailableException;
import lab.access.spi.CallGate;

/**
 * The one runner of the JDBC modes: every call of the client and its sessions goes through
 * {@link #run}. The gate admits it and bounds its time; the mode's executor (or a session's queue
 * in front of it) gives it a thread; there it takes a connection ({@link Lease}), runs its
 * {@link SqlWork} and has its error mapped ({@link JdbcErrors}) before the caller's stage completes.
 */
final class JdbcRunner {

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
            pool.giveBack(connection);
        }
    };

    JdbcRunner(CallGate gate, JdbcPool pool, Executor executor) {
        this.gate = gate;
        this.pool = pool;
        this.executor = executor;
    }

    /**
     * Admits the call and hands it to {@code target}: {@link #dispatch} (the executor) or a session's queue.
     *
     * @param isEnd COMMIT or ROLLBACK: never refused for overload
     */
    <T> CompletionStage<T> run(Deadline deadline, boolean isEnd, Lease lease, Consumer<Job> target, SqlWork<T> work) {
        return isEnd ? gate.submitEnd(deadline, admitted -> start(admitted, lease, target, work))
                : gate.submit(deadline, admitted -> start(admitted, lease, target, work));
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

    /** Back to the pool, with the caller's turn: every connection {@link #borrow} lent comes back here. */
    void giveBack(Connection connection) {
        pool.giveBack(connection);
    }

    /** Closed instead of given back (the caller's turn still passes on): see {@link JdbcPool#discard}. */
    void discard(Connection connection) {
        pool.discard(connection);
    }

    String source() {
        return gate.source();
    }

    private <T> CompletableFuture<T> start(CallGate.Call admitted, Lease lease, Consumer<Job> target, SqlWork<T> work) {
        Call<T> call = new Call<>(admitted, lease, work);
        target.accept(call);
        return call.result;
    }

    /**
     * One admitted call on whichever thread the mode gives it; completes its future there. A call
     * that has too little of its deadline left to end in time by the time it runs is not sent.
     */
    private final class Call<T> implements Job {
        private final CallGate.Call admitted;
        private final Lease lease;
        private final SqlWork<T> work;
        final CompletableFuture<T> result = new CompletableFuture<>();

        Call(CallGate.Call admitted, Lease lease, SqlWork<T> work) {
            this.admitted = admitted;
            this.lease = lease;
            this.work = work;
        }

        @Override
        public void run() {
            Connection connection = null;
            T value = null;
            DbException failure = null;
            Deadline deadline = admitted.deadline();
            try {
                // JdbcStatements keeps END_MARGIN_MS to end a statement: no connection for a call that could not be sent
                long left = deadline.millisLeft(Long.MAX_VALUE) - JdbcStatements.END_MARGIN_MS;
                if (left <= 0) {
                    throw new SourceUnavailableException(gate.source(), "not asked: the caller's deadline had (nearly) passed", null);
                }
                // with a deadline, a busy pool is waited for as long as it allows (JdbcPool#borrow)
                connection = lease.acquire(deadline.isSet() ? left : pool.connectTimeoutMs());
                admitted.started();
                value = work.run(connection, deadline);
            } catch (Throwable e) {
                failure = JdbcErrors.translate(gate.source(), e);
            } finally {
                if (connection != null) {
                    lease.release(connection);
                }
                admitted.finished();
            }
            if (failure == null) {
                result.complete(value);
            } else {
                result.completeExceptionally(failure);
            }
        }

        @Override
        public void abort(DbException why) {
            admitted.finished();
            result.completeExceptionally(why);
        }
    }
}
