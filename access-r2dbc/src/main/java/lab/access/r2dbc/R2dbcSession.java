package lab.access.r2dbc;

import io.r2dbc.spi.Connection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import lab.access.DbException;
import lab.access.DbSession;
import lab.access.Deadline;
import lab.access.Rows;
import lab.access.SourceUnavailableException;
import lab.access.spi.CallGate;
import reactor.core.publisher.Mono;

/**
 * An {@code r2dbc} session: its calls run in order, one after the other, on one connection,
 * leased by the first call that needs it (so the wait is admitted and timed like any call) and
 * given back by {@link #close()} once every call made so far has ended. A failed lease fails the
 * calls queued behind it together, with its error; the next call tries again. A connection on which a call timed out is closed, not given back.
 */
final class R2dbcSession implements DbSession {

    private final CallGate gate;
    private final R2dbcPool pool;
    private final ServerCancel cancel;
    private final R2dbcStatements statements;
    private final Deadline deadline;
    private final ReentrantLock lock = new ReentrantLock();
    // guarded by lock
    private boolean closed;
    private int pending;
    private CompletableFuture<Void> tail = CompletableFuture.completedFuture(null);
    /** Leased by the first call, or again by the first call after a failed lease; written under lock. */
    private volatile CompletableFuture<Leased> own;

    R2dbcSession(CallGate gate, R2dbcPool pool, ServerCancel cancel, R2dbcStatements statements, Deadline deadline) {
        this.gate = gate;
        this.pool = pool;
        this.cancel = cancel;
        this.statements = statements;
        this.deadline = deadline;
    }

    @Override
    public CompletionStage<Rows> query(String sql, List<?> params) {
        return call(false, statements.query(sql, params));
    }

    @Override
    public CompletionStage<Long> update(String sql, List<?> params) {
        return call(false, statements.update(sql, params));
    }

    @Override
    public CompletionStage<Void> begin() {
        return call(false, c -> Mono.from(c.beginTransaction()));
    }

    /** Fails without a word to the server when the connection broke: the server rolls back as it closes. */
    @Override
    public CompletionStage<Void> commit() {
        return call(true, c -> broken() ? Mono.error(new SourceUnavailableException(gate.source(),
                "unavailable: transaction rolled back, its connection failed", null)) : Mono.from(c.commitTransaction()));
    }

    /**
     * Nothing to roll back without a connection; on a broken one, closing it is the rollback, at
     * once: the statement that timed out fails with it instead of holding the ROLLBACK behind it.
     */
    @Override
    public CompletionStage<Void> rollback() {
        CompletableFuture<Leased> connection = own;
        if (connection == null || connection.isCompletedExceptionally()) {
            return CompletableFuture.completedFuture(null);
        }
        if (broken()) {
            connection.join().abandon();
        }
        return call(true, c -> broken() ? Mono.empty() : Mono.from(c.rollbackTransaction()));
    }

    /** Gives the connection back once every call made so far has ended. */
    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            if (pending == 0) {
                giveBack();
            }
        } finally {
            lock.unlock();
        }
    }

    private boolean broken() {
        CompletableFuture<Leased> connection = own;
        return connection != null && connection.isDone() && !connection.isCompletedExceptionally() && connection.join().broken();
    }

    /** @param isEnd COMMIT or ROLLBACK, never refused for overload */
    private <T> CompletionStage<T> call(boolean isEnd, Function<Connection, Mono<T>> statement) {
        CompletableFuture<Void> previous;
        CompletableFuture<Leased> connection;
        CompletableFuture<Void> done = new CompletableFuture<>();
        lock.lock();
        try {
            if (closed) {
                return CompletableFuture.failedFuture(new DbException(gate.source(), "session is closed", null, 0, null));
            }
            pending++;
            previous = tail;
            tail = done;
            if (own == null || own.isCompletedExceptionally()) {
                // leased once the calls before have ended; the calls made while it is pending share its outcome
                own = previous.thenCompose(ignored -> pool.lease(deadline));
            }
            connection = own;
        } finally {
            lock.unlock();
        }
        Function<CallGate.Call, CompletableFuture<T>> start = c -> R2dbcRunner.run(c, gate, cancel,
                previous.thenCompose(ignored -> connection), Leased::markBroken, statement, leased -> Mono.empty());
        CompletionStage<T> running = isEnd ? gate.submitEnd(deadline, start) : gate.submit(deadline, start);
        CompletableFuture<T> result = new CompletableFuture<>();
        running.whenComplete((value, error) -> {
            ended(done);
            if (error == null) {
                result.complete(value);
            } else {
                result.completeExceptionally(error);
            }
        });
        return result;
    }

    private void ended(CompletableFuture<Void> done) {
        lock.lock();
        try {
            pending--;
            if (pending == 0 && closed) {
                giveBack();
            }
        } finally {
            lock.unlock();
        }
        done.complete(null);
    }

    private void giveBack() {
        CompletableFuture<Leased> connection = own;
        if (connection != null) {
            connection.thenAccept(leased -> pool.giveBack(leased).subscribe());
        }
    }
}
