package lab.access.nonblocking;

import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.sqlclient.ClosedConnectionException;
import io.vertx.sqlclient.DatabaseException;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import lab.access.DbException;
import lab.access.SourceUnavailableException;
import lab.access.internal.CallGate;
import lab.access.internal.Failures;

/**
 * Vert.x failures as {@link DbException}s naming the source: server errors keep message, SQLState
 * and code; a full pool wait queue is an overload; connection failures, closed connections and
 * pool timeouts become {@link SourceUnavailableException}.
 */
final class VertxErrors {

    /** Messages of the plain exceptions the SQL pool raises when no connection came within {@code connectTimeout}. */
    private static final Set<String> POOL_WAIT_TIMEOUT = Set.of("Timeout", "Timeout waiting for connection");
    private static final String POOL_CLOSED = "Pool closed";

    private VertxErrors() {
    }

    static DbException translate(CallGate gate, Throwable error) {
        Throwable t = Failures.unwrap(error);
        if (t instanceof DbException d) {
            return d;
        }
        if (t instanceof DatabaseException db) {
            return new DbException(gate.source(), db.getMessage(), db.getSqlState(), db.getErrorCode(), db);
        }
        if (t instanceof ConnectionPoolTooBusyException) {
            return gate.reject(t);
        }
        if (POOL_WAIT_TIMEOUT.contains(t.getMessage())) {
            return new SourceUnavailableException(gate.source(), "unavailable: no connection within the connect timeout", t);
        }
        if (isUnavailable(t)) {
            return new SourceUnavailableException(gate.source(), "unavailable: " + Failures.describe(t), t);
        }
        return gate.unexpected(t);
    }

    private static boolean isUnavailable(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof IOException || t instanceof ClosedConnectionException || t instanceof TimeoutException
                    || POOL_CLOSED.equals(t.getMessage())) {
                return true;
            }
        }
        return false;
    }
}
