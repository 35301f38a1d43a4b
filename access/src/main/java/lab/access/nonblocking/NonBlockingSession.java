package lab.access.nonblocking;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Transaction;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Supplier;
import lab.access.DbException;
import lab.access.DbSession;
import lab.access.Rows;
import lab.access.internal.CallGate;

/**
 * A {@code nonblocking} session: one pooled {@link SqlConnection}, taken by the first call (so the
 * wait for it is admitted like any call). Calls are queued on it at once, so up to
 * {@code pipeliningLimit} of them travel to the server before the first answer returns.
 */
final class NonBlockingSession implements DbSession {

    private final NonBlockingClient client;
    private final CallGate gate;
    private final Supplier<Future<SqlConnection>> pool;
    private final ReentrantLock lock = new ReentrantLock();
    private Future<SqlConnection> connection; // guarded by lock; null until the first call
    private final AtomicInteger pending = new AtomicInteger();
    private final AtomicBoolean released = new AtomicBoolean();
    private volatile boolean closed;
    /** Set and read only in statements queued on the connection, which run in order. */
    private volatile Future<Transaction> transaction;

    NonBlockingSession(NonBlockingClient client, CallGate gate, Supplier<Future<SqlConnection>> pool) {
        this.client = client;
        this.gate = gate;
        this.pool = pool;
    }

    @Override
    public CompletionStage<Rows> query(String sql, List<?> params) {
        return call(false, client.statement(sql, params), VertxResults::rows);
    }

    @Override
    public CompletionStage<Long> update(String sql, List<?> params) {
        return call(false, client.statement(sql, params), VertxResults::count);
    }

    @Override
    public CompletionStage<Void> begin() {
        return call(false, conn -> {
            transaction = conn.begin();
            return transaction.mapEmpty();
        }, ignored -> null);
    }

    @Override
    public CompletionStage<Void> commit() {
        return call(true, conn -> end(Transaction::commit), ignored -> null);
    }

    @Override
    public CompletionStage<Void> rollback() {
        return call(true, conn -> end(Transaction::rollback), ignored -> null);
    }

    /** Gives the connection back to the pool once every call made so far has finished. */
    @Override
    public void close() {
        closed = true;
        if (pending.get() == 0) {
            release();
        }
    }

    private Future<Void> end(Function<Transaction, Future<Void>> how) {
        Future<Transaction> tx = transaction;
        transaction = null;
        if (tx == null) {
            return Future.failedFuture(new IllegalStateException("no transaction in progress (begin() first)"));
        }
        // a failed statement makes Vert.x roll back by itself: ending it again is not an error
        return tx.compose(how).recover(e -> tx.result() != null && e.getMessage() != null
                && e.getMessage().startsWith("Transaction already complete") ? Future.succeededFuture() : Future.failedFuture(e));
    }

    private <R, T> CompletionStage<T> call(boolean mustRun, Function<SqlConnection, Future<R>> statement, Function<R, T> map) {
        if (closed) {
            return CompletableFuture.failedFuture(new DbException(gate.source(), "session is closed", null, 0, null));
        }
        pending.incrementAndGet();
        CompletionStage<T> result = gate.submit(mustRun, call -> VertxCalls.complete(call, gate,
                connection(true).compose(conn -> {
                    call.started();
                    return statement.apply(conn);
                }), map));
        result.whenComplete((value, error) -> {
            if (pending.decrementAndGet() == 0 && closed) {
                release();
            }
        });
        return result;
    }

    /** The session's connection; the first call asks the pool for it. */
    private Future<SqlConnection> connection(boolean take) {
        lock.lock();
        try {
            if (connection == null && take) {
                connection = pool.get();
            }
            return connection;
        } finally {
            lock.unlock();
        }
    }

    private void release() {
        Future<SqlConnection> taken = connection(false);
        if (released.compareAndSet(false, true) && taken != null) {
            taken.onSuccess(SqlConnection::close);
        }
    }
}
