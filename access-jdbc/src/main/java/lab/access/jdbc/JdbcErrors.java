package lab.access.jdbc;

import java.io.IOException;
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
 * SQLState and vendor code; connection failures and timeouts become {@link SourceUnavailableException}.
 */
final class JdbcErrors {

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
            return new DbException(source, sql.getMessage(), sql.getSQLState(), sql.getErrorCode(), sql);
        }
        return new DbException(source, Failures.describe(t), null, 0, t);
    }

    /** No connection could be had from the pool: the source is unavailable, whatever the driver said. */
    static DbException noConnection(String source, SQLException error) {
        DbException translated = translate(source, error);
        return translated instanceof SourceUnavailableException ? translated
                : new SourceUnavailableException(source, "unavailable: " + Failures.describe(error), error);
    }

    private static boolean isUnavailable(Throwable error) {
        if (error instanceof SQLTransientConnectionException || error instanceof SQLNonTransientConnectionException
                || error instanceof SQLRecoverableException || error instanceof SQLTimeoutException) {
            return true;
        }
        if (error instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("08")) {
            return true;
        }
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof IOException) {
                return true;
            }
        }
        return false;
    }
}
