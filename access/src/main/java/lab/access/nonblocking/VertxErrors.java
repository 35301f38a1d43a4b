package lab.access.nonblocking;

import io.vertx.sqlclient.ClosedConnectionException;
import io.vertx.sqlclient.DatabaseException;
import java.io.IOException;
import java.util.concurrent.TimeoutException;
import lab.access.DbException;
import lab.access.SourceUnavailableException;
import lab.access.internal.Failures;

/**
 * Vert.x failures as {@link DbException}s naming the source: server errors keep message, SQLState
 * and code; connection failures, closed connections and pool timeouts become
 * {@link SourceUnavailableException}.
 */
final class VertxErrors {

    private VertxErrors() {
    }

    static DbException translate(String source, Throwable error) {
        Throwable t = Failures.unwrap(error);
        if (t instanceof DbException d) {
            return d;
        }
        if (t instanceof DatabaseException db) {
            return new DbException(source, db.getMessage(), db.getSqlState(), db.getErrorCode(), db);
        }
        if (isUnavailable(t)) {
            return new SourceUnavailableException(source, "unavailable: " + Failures.describe(t), t);
        }
        return new DbException(source, Failures.describe(t), null, 0, t);
    }

    private static boolean isUnavailable(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof IOException || t instanceof ClosedConnectionException || t instanceof TimeoutException
                    || t instanceof io.vertx.core.impl.NoStackTraceTimeoutException
                    || "Pool closed".equals(t.getMessage())) {
                return true;
            }
        }
        return false;
    }
}
