package lab.access.nonblocking;

import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.sqlclient.ClosedConnectionException;
import io.vertx.sqlclient.DatabaseException;
import java.util.List;
import java.util.concurrent.TimeoutException;
import lab.access.ForkJoin;
import lab.access.DbException;
import lab.access.SourceUnavailableException;
import lab.access.spi.CallGate;
import lab.access.spi.Failures;

/**
 * Vert.x failures as {@link DbException}s naming the source: server errors keep message, SQLState
 * and code; a full pool wait queue is an overload; a lost or unobtainable connection
 * ({@link #noConnection}) is {@link SourceUnavailableException}; anything else (a wrong parameter
 * count, say) is the caller's.
 */
final class VertxErrors {

    /**
     * Vert.x raises these as plain exceptions, like caller errors, so only their constant messages
     * tell them apart: a command met a connection that was closing or closed (SqlClientBase,
     * SocketConnectionBase), or the pool was closed.
     */
    private static final List<String> CONNECTION_GONE = List.of(
            "Connection is not active now", "Pending requests failed to be sent due to connection has been closed", "Pool closed");

    /** The Vert.x pool's message when a waiter's {@code connectionTimeout} passed (a plain VertxException). */
    private static final String POOL_WAIT_TIMEOUT = "Timeout";

    private VertxErrors() {
    }

    static DbException translate(CallGate gate, Throwable error) {
        Throwable t = ForkJoin.unwrap(error);
        if (t instanceof DbException d) {
            return d;
        }
        if (t instanceof ConnectionPoolTooBusyException) {
            return gate.reject(t);
        }
        if (isConnectionFailure(t)) {
            return new SourceUnavailableException(gate.source(), "unavailable: " + Failures.describe(t), t);
        }
        if (t instanceof DatabaseException db) {
            return new DbException(gate.source(), db.getMessage(), db.getSqlState(), db.getErrorCode(), db);
        }
        return gate.unexpected(t);
    }

    /**
     * A failure to get a connection from the pool: an overload when the pool refuses the waiter,
     * otherwise (wait timed out, connect refused, handshake or login failed) the source is unavailable.
     */
    static DbException noConnection(CallGate gate, Throwable error) {
        Throwable t = ForkJoin.unwrap(error);
        if (t instanceof DbException d) {
            return d;
        }
        if (t instanceof ConnectionPoolTooBusyException) {
            return gate.reject(t);
        }
        boolean waitedTooLong = t instanceof TimeoutException || POOL_WAIT_TIMEOUT.equals(t.getMessage());
        String why = waitedTooLong ? "no connection within " + gate.connectTimeoutMs() + " ms" : Failures.describe(t);
        return new SourceUnavailableException(gate.source(), "unavailable: " + why, t);
    }

    /** As every engine decides ({@link Failures#isConnectionFailure}): by the SQLState, else a closed connection or pool. */
    private static boolean isConnectionFailure(Throwable error) {
        return Failures.isConnectionFailure(error, t -> t instanceof DatabaseException db ? db.getSqlState() : null,
                t -> t instanceof ClosedConnectionException
                        || t.getMessage() != null && CONNECTION_GONE.stream().anyMatch(t.getMessage()::startsWith));
    }
}
