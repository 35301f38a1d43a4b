package lab.access.nonblocking;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.sqlclient.Transaction;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import lab.access.DbException;
import lab.access.DbSession;
import lab.access.Deadline;
import lab.access.ForkJoin;
import lab.access.Rows;
import lab.access.SourceUnavailableException;
import lab.access.spi.CallGate;

/**
 * A {@code nonblocking} session. Its calls are sent at once and pipelined, in order, on one
 * connection: with multiplexing, the {@link Lane} it shares with other sessions (chosen afresh
 * whenever it has no call in flight); without, or from {@link #begin()} on, a connection of its
 * own, leased by the first call that needs it (so the wait is admitted like any call) and kept
 * until {@link #close()}. A failed lease fails the calls queued behind it together; the next
 * call tries again.
 */
final class NonBlockingSession implements DbSession {

    private final CallGate gate;
    private final Connections connections;
    private final Statements statements;
    private final boolean multiplexed;
    private final Deadline deadline;
    private final ReentrantLock lock = new ReentrantLock();
    // guarded by lock
    private boolean closed;
    private int pending;
    private Lane lane;
    private int onLane;
    private Future<Leased> own;
    private boolean ownReturned;
    private Promise<Void> laneIdle;
    /** Set and read only in statements queued on the session's own connection, which run in order. */
    private volatile Future<Transaction> transaction;
    /**
     * A call on the own connection timed out (later statements there could wait behind it for
     * ever) or lost the connection (Vert.x may never answer a ROLLBACK on it).
     */
    private volatile boolean ownBroken;

    NonBlockingSession(CallGate gate, Connections connections, Statements statements, boolean multiplexed, Deadline deadline) {
        this.deadline = deadline;
        this.gate = gate;
        this.connections = connections;
        this.statements = statements;
        this.multiplexed = multiplexed;
    }

    @Override
    public CompletionStage<Rows> query(String sql, List<?> params) {
        return call(false, false, statements.of(sql, params), VertxResults::rows);
    }

    @Override
    public CompletionStage<Long> update(String sql, List<?> params) {
        return call(false, false, statements.of(sql, params), VertxResults::count);
    }

    /** A transaction needs a connection of its own: with multiplexing, leased once the lane's calls have ended. */
    @Override
    public CompletionStage<Void> begin() {
        return call(false, true, leased -> {
            transaction = leased.connection().begin();
            return transaction.mapEmpty();
        }, ignored -> null);
    }

    @Override
    public CompletionStage<Void> commit() {
        if (leaseFailed()) {
            return CompletableFuture.failedFuture(new DbException(gate.source(), "no transaction in progress: BEGIN got no connection", null, 0, null));
        }
        return call(true, true, leased -> end(leased, true), ignored -> null);
    }

    /**
     * Nothing to roll back when BEGIN got no connection (its lease failed, or is still pending:
     * BEGIN then gave up and will never be sent): no lease is waited for just to say so.
     */
    @Override
    public CompletionStage<Void> rollback() {
        if (noConnectionYet()) {
            return CompletableFuture.completedFuture(null);
        }
        return call(true, true, leased -> end(leased, false), ignored -> null);
    }

    private boolean leaseFailed() {
        lock.lock();
        try {
            return !closed && own != null && own.failed();
        } finally {
            lock.unlock();
        }
    }

    private boolean noConnectionYet() {
        lock.lock();
        try {
            return !closed && own != null && !own.succeeded() && transaction == null;
        } finally {
            lock.unlock();
        }
    }

    /** Gives the connection back to the pool once every call made so far has ended. */
    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            if (pending == 0) {
                returnOwn();
            }
        } finally {
            lock.unlock();
        }
    }

    private Future<Void> end(Leased leased, boolean commit) {
        Future<Transaction> tx = transaction;
        transaction = null;
        if (tx == null) {
            return Future.failedFuture(new IllegalStateException("no transaction in progress (begin() first)"));
        }
        if (ownBroken) {
            // queued behind a statement that got no answer, or on a lost connection, COMMIT or ROLLBACK would wait
            // for nothing: closing the connection ends the transaction, and the server rolls it back
            leased.abandon();
            return commit ? Future.failedFuture(new SourceUnavailableException(gate.source(),
                    "unavailable: transaction rolled back, its connection failed", null)) : Future.succeededFuture();
        }
        Function<Transaction, Future<Void>> how = commit ? Transaction::commit : Transaction::rollback;
        // a failed statement makes Vert.x roll back by itself: ending it again is not an error
        return tx.compose(how).recover(e -> tx.result() != null && e.getMessage() != null
                && e.getMessage().startsWith("Transaction already complete") ? Future.succeededFuture() : Future.failedFuture(e));
    }

    /**
     * @param isEnd   COMMIT or ROLLBACK, never refused for overload
     * @param needOwn the call must run on the session's own connection
     */
    private <R, T> CompletionStage<T> call(boolean isEnd, boolean needOwn, Function<Leased, Future<R>> statement, Function<R, T> map) {
        Future<Leased> connection;
        Lane used = null;
        lock.lock();
        try {
            if (closed) {
                return CompletableFuture.failedFuture(new DbException(gate.source(), "session is closed", null, 0, null));
            }
            pending++;
            if (needOwn || own != null || !multiplexed) {
                connection = ownConnection();
            } else {
                if (lane == null) {
                    lane = connections.pickLane();
                } else {
                    connections.joined(lane);
                }
                used = lane;
                onLane++;
                connection = lane.connection;
            }
        } finally {
            lock.unlock();
        }
        Lane onThisLane = used;
        Consumer<Leased> onTimeout = onThisLane == null ? this::ownTimedOut : connections::cancel;
        AtomicBoolean started = new AtomicBoolean();
        Function<CallGate.Call, CompletableFuture<T>> start = c -> {
            CompletableFuture<T> run = VertxRunner.run(c, gate, connection, onTimeout, statement, map);
            started.set(true);
            // a call leaves its lane when its statement has ended (after a timeout: answered the cancel, or abandoned)
            return onThisLane == null ? run : run.whenComplete((value, error) -> connections.left(onThisLane, error));
        };
        CompletionStage<T> running = isEnd ? gate.submitEnd(deadline, start) : gate.submit(deadline, start);
        CompletableFuture<T> result = new CompletableFuture<>();
        running.whenComplete((value, error) -> {
            ended(onThisLane, !started.get(), error);
            if (error == null) {
                result.complete(value);
            } else {
                result.completeExceptionally(error);
            }
        });
        return result;
    }

    private void ownTimedOut(Leased leased) {
        ownBroken = true;
        connections.cancel(leased);
    }

    /** The session's own connection, leased on first need (after the calls still on its lane), or again after a failed lease. */
    private Future<Leased> ownConnection() {
        if (own == null || own.failed()) {
            Future<Void> laneDone;
            if (onLane == 0) {
                laneDone = Future.succeededFuture();
            } else {
                laneIdle = Promise.promise();
                laneDone = laneIdle.future();
            }
            own = laneDone.compose(ignored -> connections.lease());
            ownReturned = false;
        }
        return own;
    }

    /** @param leaveLane the call never started, so it leaves its lane here */
    private void ended(Lane used, boolean leaveLane, Throwable error) {
        Promise<Void> idle = null;
        lock.lock();
        try {
            pending--;
            if (used == null && error != null && ForkJoin.unwrap(error) instanceof SourceUnavailableException) {
                ownBroken = true;
            }
            if (used != null) {
                if (leaveLane) {
                    connections.left(used, error);
                }
                if (--onLane == 0) {
                    lane = null;
                    idle = laneIdle;
                    laneIdle = null;
                }
            }
            if (pending == 0 && closed) {
                returnOwn();
            }
        } finally {
            lock.unlock();
        }
        if (idle != null) {
            idle.complete();
        }
    }

    private void returnOwn() {
        if (own != null && !ownReturned) {
            ownReturned = true;
            own.onSuccess(leased -> connections.giveBack(leased, ownBroken));
        }
    }
}
