package lab.access.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import lab.access.Rows;

/**
 * One parameterised statement on a JDBC connection, its result copied into {@link Rows}. A
 * statement still running after {@code queryTimeout} is cancelled with {@link Statement#cancel()}
 * (the driver sends PostgreSQL's cancel request or MySQL's {@code KILL QUERY}), so the server stops
 * it, in every JDBC mode. This is what {@code setQueryTimeout} does, without its whole-second
 * granularity and without the timer thread Connector/J starts per connection for it.
 */
final class JdbcStatements {

    /** Cancels run on virtual threads: a cancel opens a connection, which must not hold up a shared timer. */
    private static final Executor CANCELS = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("jdbc-cancel-", 0).factory());

    private final long timeoutMs;

    JdbcStatements(Duration queryTimeout) {
        this.timeoutMs = queryTimeout.toMillis();
    }

    SqlWork<Rows> query(String sql, List<?> params) {
        return connection -> {
            try (PreparedStatement statement = prepare(connection, sql, params)) {
                CompletableFuture<Void> cancel = cancelLater(statement);
                try (ResultSet resultSet = statement.executeQuery()) {
                    return copy(resultSet);
                } finally {
                    cancel.cancel(false);
                }
            }
        };
    }

    SqlWork<Long> update(String sql, List<?> params) {
        return connection -> {
            try (PreparedStatement statement = prepare(connection, sql, params)) {
                CompletableFuture<Void> cancel = cancelLater(statement);
                try {
                    return statement.executeLargeUpdate();
                } finally {
                    cancel.cancel(false);
                }
            }
        };
    }

    /** The drivers ignore a cancel for a statement that is no longer running, so a late one is harmless. */
    private CompletableFuture<Void> cancelLater(Statement statement) {
        return CompletableFuture.runAsync(() -> {
            try {
                statement.cancel();
            } catch (SQLException | RuntimeException ignored) {
                // the statement ended or its connection is gone: nothing left to stop
            }
        }, CompletableFuture.delayedExecutor(timeoutMs, TimeUnit.MILLISECONDS, CANCELS));
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
