package lab.access.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import lab.access.DbException;
import lab.access.DbSession;
import lab.access.Deadline;
import lab.access.Rows;

/**
 * A session of the JDBC-based modes: one Hikari connection, taken by the first call and pinned
 * until {@link #close()}; calls run in order through a {@link SerialQueue}. Transactions use
 * {@code setAutoCommit(false)} / {@code commit()} / {@code rollback()}. When the connection cannot
 * be had, the calls queued behind the failed one fail at once with the same
 * {@link lab.access.SourceUnavailableException} instead of each waiting the connect timeout again;
 * later calls try again.
 */
final class JdbcSession implements DbSession, Lease {

    private final JdbcRunner runner;
    private final SerialQueue queue;
    private final JdbcStatements statements;
    private final Deadline deadline;
    private Connection pinned; // touched only by this session's jobs, which the queue runs one at a time
    private boolean unpinned; // likewise: the close job has run, no call may pin a connection again
    private boolean inTransaction; // likewise: BEGIN sent, and no COMMIT or ROLLBACK has ended it since
    private volatile boolean closed;

    JdbcSession(JdbcRunner runner, SerialQueue queue, JdbcStatements statements, Deadline deadline) {
        this.runner = runner;
        this.queue = queue;
        this.statements = statements;
        this.deadline = deadline;
    }

    @Override
    public CompletionStage<Rows> query(String sql, List<?> params) {
        return run(false, statements.query(sql, params));
    }

    @Override
    public CompletionStage<Long> update(String sql, List<?> params) {
        return run(false, statements.update(sql, params));
    }

    @Override
    public CompletionStage<Void> begin() {
        return run(false, (c, ignored) -> {
            inTransaction = true;
            c.setAutoCommit(false);
            return null;
        });
    }

    @Override
    public CompletionStage<Void> commit() {
        return end(Connection::commit);
    }

    @Override
    public CompletionStage<Void> rollback() {
        return end(Connection::rollback);
    }

    /**
     * Returns the connection after every call made so far. One left inside a transaction is closed, not
     * returned: the server then rolls the transaction back. Hikari's own rollback at return cannot be
     * relied on: it rolls back only when it saw a write, and HikariCP 7.1.0's proxy does not mark
     * {@code executeLargeUpdate} as one, so its reset to autocommit committed the transaction instead.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        queue.submit(new Job() {
            @Override
            public void run() {
                unpin();
            }

            @Override
            public void abort(DbException why) {
                unpin();
            }
        });
    }

    /** A call that raced {@link #close()} and was queued after it fails instead of pinning a connection nobody returns. */
    @Override
    public Connection acquire(long waitMs) throws SQLException {
        if (unpinned) {
            throw new DbException(runner.source(), "session is closed", null, 0, null);
        }
        if (pinned == null) {
            try {
                pinned = runner.borrow(waitMs);
            } catch (SQLException e) {
                DbException unavailable = JdbcErrors.noConnection(runner.source(), e);
                queue.abortPending(unavailable);
                throw unavailable;
            }
        }
        return pinned;
    }

    @Override
    public void release(Connection connection) {
        // stays pinned until close()
    }

    private void unpin() {
        unpinned = true;
        if (pinned == null) {
            return;
        }
        if (inTransaction) {
            runner.discard(pinned);
        } else {
            runner.giveBack(pinned);
        }
        pinned = null;
        inTransaction = false;
    }

    /**
     * COMMIT or ROLLBACK (never refused for overload), then back to autocommit for the next user of the
     * connection. When it fails the transaction's fate is unknown, and a reset to autocommit would commit
     * what is left: the session stays in the transaction and {@link #close()} discards the connection.
     */
    private CompletionStage<Void> end(TransactionEnd how) {
        return run(true, (c, ignored) -> {
            how.apply(c);
            c.setAutoCommit(true);
            inTransaction = false;
            return null;
        });
    }

    @FunctionalInterface
    private interface TransactionEnd {
        void apply(Connection connection) throws SQLException;
    }

    /** @param isEnd COMMIT or ROLLBACK, never refused for overload */
    private <T> CompletionStage<T> run(boolean isEnd, SqlWork<T> work) {
        if (closed) {
            return CompletableFuture.failedFuture(new DbException(runner.source(), "session is closed", null, 0, null));
        }
        return runner.run(deadline, isEnd, this, queue::submit, work);
    }
}
