package lab.access.jdbc;

import io.netty.util.Timeout;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import lab.access.Deadline;
import lab.access.Rows;
import lab.access.Timeouts;

/**
 * One parameterised statement on a JDBC connection, its result copied into {@link Rows}. A
 * statement still running after {@code queryTimeout} is cancelled with {@link Statement#cancel()}
 * (the driver sends PostgreSQL's cancel request or MySQL's {@code KILL QUERY}), so the server stops
 * it, in every JDBC mode. This is what {@code setQueryTimeout} does, without its whole-second
 * granularity and with the lab's one timer thread ({@link Timeouts}) instead of the
 * one Connector/J starts per connection for it. A caller's {@link Deadline} shortens both the
 * timeout and the socket wait (a silent server never sees the cancel) so that the call has ended
 * by the deadline: it is cancelled {@link #END_MARGIN_MS} before it. A statement our timer
 * cancelled fails with {@link SQLTimeoutException}, which the client reports as the source being
 * unavailable, as the other modes report a call that got no answer in time.
 */
final class JdbcStatements {

    /** Cancels run on virtual threads: a cancel opens a connection, which must not hold up the timer. */
    private static final Executor CANCELS = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("jdbc-cancel-", 0).factory());

    private static final Executor DIRECT = Runnable::run;
    /**
     * How long a cancelled statement may take to end: the socket wait beyond the cancel
     * ({@link JdbcPool#CANCEL_MARGIN_MS}), or pgjdbc waiting for its cancel request to be sent
     * ({@code cancelSignalTimeout}, 1 s) before the statement returns.
     */
    static final long END_MARGIN_MS = 1_000;

    private final long timeoutMs;

    JdbcStatements(Duration queryTimeout) {
        this.timeoutMs = queryTimeout.toMillis();
    }

    SqlWork<Rows> query(String sql, List<?> params) {
        return (connection, deadline) -> timed(connection, deadline, sql, params, statement -> {
            try (ResultSet resultSet = statement.executeQuery()) {
                return copy(resultSet);
            }
        });
    }

    SqlWork<Long> update(String sql, List<?> params) {
        return (connection, deadline) -> timed(connection, deadline, sql, params, PreparedStatement::executeLargeUpdate);
    }

    @FunctionalInterface
    private interface Execution<T> {
        T run(PreparedStatement statement) throws SQLException;
    }

    private <T> T timed(Connection connection, Deadline deadline, String sql, List<?> params, Execution<T> execution)
            throws SQLException {
        long budgetMs = deadline.isSet() ? Math.min(timeoutMs, deadline.millisLeft(Long.MAX_VALUE) - END_MARGIN_MS) : timeoutMs;
        if (budgetMs <= 0) {
            throw new SQLTimeoutException("not sent: under " + END_MARGIN_MS + " ms left before the caller's deadline");
        }
        int socketBefore = budgetMs < timeoutMs ? shortenSocketWait(connection, budgetMs) : -1;
        try (PreparedStatement statement = prepare(connection, sql, params)) {
            Timeout cancel = cancelLater(statement, budgetMs);
            try {
                return execution.run(statement);
            } catch (SQLException e) {
                if (cancel.isExpired()) { // our own cancel ended it: a timeout, as in every mode, not the server's error
                    throw new SQLTimeoutException(budgetMs < timeoutMs ? "no answer by the caller's deadline (cancelled after "
                            + budgetMs + " ms)" : "no answer within " + budgetMs + " ms (cancelled)", e);
                }
                throw e;
            } finally {
                cancel.cancel();
            }
        } finally {
            if (socketBefore >= 0) {
                restoreSocketWait(connection, socketBefore);
            }
        }
    }

    /** The driver's socket timeout cut to the budget plus the cancel's margin; returns the one to restore. */
    private static int shortenSocketWait(Connection connection, long budgetMs) throws SQLException {
        int before = connection.getNetworkTimeout();
        connection.setNetworkTimeout(DIRECT, (int) (budgetMs + JdbcPool.CANCEL_MARGIN_MS));
        return before;
    }

    private static void restoreSocketWait(Connection connection, int ms) {
        try {
            connection.setNetworkTimeout(DIRECT, ms);
        } catch (SQLException | RuntimeException ignored) {
            // the socket timed out and the connection is broken: the pool drops it
        }
    }

    /** The drivers ignore a cancel for a statement that is no longer running, so a late one is harmless. */
    private Timeout cancelLater(Statement statement, long afterMs) {
        return Timeouts.after(afterMs, () -> CANCELS.execute(() -> {
            try {
                statement.cancel();
            } catch (SQLException | RuntimeException ignored) {
                // the statement ended or its connection is gone: nothing left to stop
            }
        }));
    }

    private static PreparedStatement prepare(Connection connection, String sql, List<?> params) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        try {
            for (int i = 0; i < params.size(); i++) {
                // setObject binds LocalDateTime, BigDecimal, Long, … natively (JDBC 4.2)
                statement.setObject(i + 1, params.get(i));
            }
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    private static Rows copy(ResultSet resultSet) throws SQLException {
        ResultSetMetaData meta = resultSet.getMetaData();
        int width = meta.getColumnCount();
        List<String> labels = new ArrayList<>(width);
        for (int i = 1; i <= width; i++) {
            labels.add(meta.getColumnLabel(i));
        }
        Rows.Builder rows = new Rows.Builder(labels);
        while (resultSet.next()) {
            Object[] values = new Object[width];
            for (int i = 0; i < width; i++) {
                values[i] = resultSet.getObject(i + 1);
            }
            rows.add(values);
        }
        return rows.build();
    }
}
