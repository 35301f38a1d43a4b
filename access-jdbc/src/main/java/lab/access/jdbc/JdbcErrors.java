package lab.access.jdbc;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import lab.access.ForkJoin;
import lab.access.DbException;
import lab.access.SourceUnavailableException;
import lab.access.spi.Failures;

/**
 * JDBC failures as {@link DbException}s naming the source: SQL errors keep the server's message,
 * SQLState and vendor code; connection failures and our own timeouts become {@link SourceUnavailableException}.
 */
final class JdbcErrors {

    private static final int MYSQL_LOCK_WAIT_TIMEOUT = 1205;

    private JdbcErrors() {
    }

    static DbException translate(String source, Throwable error) {
        Throwable t = ForkJoin.unwrap(error);
        if (t instanceof DbException d) {
            return d;
        }
        if (isUnavailable(t)) {
            return new SourceUnavailableException(source, "unavailable: " + Failures.describe(t), t);
        }
        if (t instanceof SQLException sql) {
            return new DbException(source, sql.getMessage(), serverState(sql), sql.getErrorCode(), sql);
        }
        return new DbException(source, Failures.describe(t), null, 0, t);
    }

    /** No connection could be had from the pool: the source is unavailable, whatever the driver said. */
    static DbException noConnection(String source, SQLException error) {
        DbException translated = translate(source, error);
        return translated instanceof SourceUnavailableException ? translated
                : new SourceUnavailableException(source, "unavailable: " + Failures.describe(error), error);
    }

    /**
     * As every engine decides ({@link Failures#isConnectionFailure}): by the SQLState, else, for
     * errors without one, the connection exceptions and our own cancel's timeout ({@link JdbcStatements}).
     */
    private static boolean isUnavailable(Throwable error) {
        return Failures.isConnectionFailure(error, t -> t instanceof SQLException sql ? sql.getSQLState() : null,
                t -> t instanceof SQLTransientConnectionException || t instanceof SQLNonTransientConnectionException
                        || t instanceof SQLRecoverableException || t instanceof SQLTimeoutException);
    }

    /**
     * The server's SQLState: MySQL sends HY000 for its lock wait timeout (1205) and Connector/J
     * reports 40001 instead, where the other engines' drivers pass the server's on.
     */
    private static String serverState(SQLException error) {
        return error.getErrorCode() == MYSQL_LOCK_WAIT_TIMEOUT && "40001".equals(error.getSQLState()) ? "HY000" : error.getSQLState();
    }
}
