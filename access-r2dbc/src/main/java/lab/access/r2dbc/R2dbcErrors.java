package lab.access.r2dbc;

import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import java.util.List;
import lab.access.DbException;
import lab.access.ForkJoin;
import lab.access.OverloadedException;
import lab.access.SourceUnavailableException;
import lab.access.spi.CallGate;
import lab.access.spi.Failures;
import reactor.pool.PoolAcquirePendingLimitException;
import reactor.pool.PoolShutdownException;

/**
 * R2DBC failures as {@link DbException}s naming the source: server errors keep message, SQLState
 * and code; a full pool wait queue is an overload; a lost or unobtainable connection is
 * {@link SourceUnavailableException}; anything else (a wrong parameter count, say) is the caller's.
 */
final class R2dbcErrors {

    /**
     * Raised as plain exceptions, so only their constant messages tell them apart: r2dbc-pool's
     * handle used after it was given back, and the drivers' closed or closing connections.
     */
    private static final List<String> CONNECTION_GONE = List.of("The connection is closed", "Connection closed", "Connection is closing",
            "Cannot exchange messages because the request queue limit is exceeded", "Cannot exchange because the connection is closed");

    private R2dbcErrors() {
    }

    static DbException translate(CallGate gate, Throwable error) {
        Throwable t = ForkJoin.unwrap(error);
        if (t instanceof DbException d) {
            return d;
        }
        if (t instanceof PoolAcquirePendingLimitException) {
            return gate.reject(t);
        }
        if (isConnectionFailure(t)) {
            return new SourceUnavailableException(gate.source(), "unavailable: " + Failures.describe(t), t);
        }
        if (t instanceof R2dbcException r) {
            return new DbException(gate.source(), r.getMessage(), r.getSqlState(), r.getErrorCode(), r);
        }
        return gate.unexpected(t);
    }

    /** No connection could be had: an overload when the wait queue is full, else the source is unavailable. */
    static DbException noConnection(CallGate gate, Throwable error) {
        DbException translated = translate(gate, error);
        return translated instanceof SourceUnavailableException || translated instanceof OverloadedException ? translated
                : new SourceUnavailableException(gate.source(), "unavailable: " + Failures.describe(error), ForkJoin.unwrap(error));
    }

    /**
     * As every engine decides ({@link Failures#isConnectionFailure}): by the SQLState, so that
     * r2dbc-postgresql's server errors of classes it does not list (P0001, 25P02, 55P03, 57014,
     * XX000: all {@code R2dbcNonTransientResourceException}) keep their state; else, for errors
     * without one, the drivers' resource and timeout exceptions, a disposed pool, a closed connection.
     */
    private static boolean isConnectionFailure(Throwable error) {
        return Failures.isConnectionFailure(error, t -> t instanceof R2dbcException r ? r.getSqlState() : null,
                t -> t instanceof R2dbcNonTransientResourceException || t instanceof R2dbcTransientResourceException
                        || t instanceof R2dbcTimeoutException || t instanceof PoolShutdownException
                        || t.getMessage() != null && CONNECTION_GONE.stream().anyMatch(t.getMessage()::startsWith));
    }
}
