package lab.access.jdbc;

import java.sql.Connection;
import java.util.concurrent.CompletableFuture;
import lab.access.DbException;
import lab.access.Deadline;
import lab.access.SourceUnavailableException;
import lab.access.internal.CallGate;

/**
 * One admitted JDBC call: runs on whichever thread the mode gives it and completes its future there.
 * A call whose caller's {@link Deadline} has passed by the time it runs fails without a connection.
 */
final class JdbcCall<T> implements Job {

    private final CallGate.Call call;
    private final Lease lease;
    private final SqlWork<T> work;
    private final String source;
    private final Deadline deadline;
    final CompletableFuture<T> result = new CompletableFuture<>();

    JdbcCall(CallGate.Call call, Lease lease, SqlWork<T> work, String source, Deadline deadline) {
        this.call = call;
        this.lease = lease;
        this.work = work;
        this.source = source;
        this.deadline = deadline;
    }

    @Override
    public void run() {
        Connection connection = null;
        T value = null;
        DbException failure = null;
        try {
            // no connection for a call that could not be sent (JdbcStatements keeps END_MARGIN_MS to end it)
            long left = deadline.millisLeft(Long.MAX_VALUE) - JdbcStatements.END_MARGIN_MS;
            if (left <= 0) {
                throw new SourceUnavailableException(source, "not asked: the caller's deadline had (nearly) passed", null);
            }
            connection = lease.acquire(left);
            call.started();
            value = work.run(connection);
        } catch (Throwable e) {
            failure = JdbcErrors.translate(source, e);
        } finally {
            if (connection != null) {
                lease.release(connection);
            }
            call.finished();
        }
        if (failure == null) {
            result.complete(value);
        } else {
            result.completeExceptionally(failure);
        }
    }

    @Override
    public void abort(DbException why) {
        call.finished();
        result.completeExceptionally(why);
    }
}
