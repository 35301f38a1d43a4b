package lab.access.jdbc;

import java.sql.Connection;
import java.util.concurrent.CompletableFuture;
import lab.access.DbException;
import lab.access.internal.CallGate;

/** One admitted JDBC call: runs on whichever thread the mode gives it and completes its future there. */
final class JdbcCall<T> implements Job {

    private final CallGate.Call call;
    private final Lease lease;
    private final SqlWork<T> work;
    private final String source;
    final CompletableFuture<T> result = new CompletableFuture<>();

    JdbcCall(CallGate.Call call, Lease lease, SqlWork<T> work, String source) {
        this.call = call;
        this.lease = lease;
        this.work = work;
        this.source = source;
    }

    @Override
    public void run() {
        Connection connection = null;
        T value = null;
        DbException failure = null;
        try {
            connection = lease.acquire();
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
