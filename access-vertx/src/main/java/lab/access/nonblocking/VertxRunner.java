package lab.access.nonblocking;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;
import lab.access.spi.CallGate;
import lab.access.spi.CancelBound;

/** Runs an admitted call's statement once its connection is in hand and bridges the result to the caller's stage. */
final class VertxRunner {

    private VertxRunner() {
    }

    /**
     * @param connection where the statement runs (a lane, a session's connection, a borrowed one)
     * @param onTimeout  what to do with the connection if the caller gives up (cancel on the server)
     */
    static <R, T> CompletableFuture<T> run(CallGate.Call call, CallGate gate, Future<Leased> connection, Consumer<Leased> onTimeout,
                                           Function<Leased, Future<R>> statement, Function<R, T> map) {
        return complete(call, gate, start(call, connection, onTimeout, statement), map);
    }

    /**
     * As {@link #run} on a connection borrowed for this call alone: the call ends (and frees its
     * room) only once the connection is back in the pool, so a call admitted right after it
     * always finds one.
     */
    static <R, T> CompletableFuture<T> runBorrowed(CallGate.Call call, CallGate gate, Future<Leased> borrowed, Consumer<Leased> onTimeout,
                                                   Function<Leased, Future<R>> statement, Function<R, T> map) {
        return complete(call, gate, start(call, borrowed, onTimeout, statement)
                .eventually(() -> borrowed.succeeded() ? borrowed.result().connection().close() : Future.succeededFuture()), map);
    }

    /**
     * The statement, unless the caller gave up while waiting for the connection (then it is never
     * sent). After a timeout the call ends when the statement does, or at the latest when its
     * connection is abandoned, {@link CancelBound} after the cancel: the MySQL client has been seen to leave a statement pending on a
     * connection it closed, which would keep the call's room taken for good.
     */
    private static <R> Future<R> start(CallGate.Call call, Future<Leased> connection, Consumer<Leased> onTimeout,
                                       Function<Leased, Future<R>> statement) {
        return connection.compose(leased -> {
            if (call.gaveUp()) {
                return Future.failedFuture(new TimeoutException("the caller gave up before a connection was in hand"));
            }
            call.started();
            Promise<R> outcome = Promise.promise();
            call.onTimeout(() -> {
                onTimeout.accept(leased);
                CancelBound.afterCancel(() -> {
                    if (!call.isFinished()) {
                        leased.abandon();
                        outcome.tryFail(new TimeoutException("no answer, not even to the cancel: connection closed"));
                    }
                });
            });
            statement.apply(leased).onComplete(outcome::tryComplete, outcome::tryFail);
            return outcome.future();
        });
    }

    /** Frees the call's room first, then completes the caller's stage. */
    private static <R, T> CompletableFuture<T> complete(CallGate.Call call, CallGate gate, Future<R> running, Function<R, T> map) {
        CompletableFuture<T> result = new CompletableFuture<>();
        running.onComplete(
                value -> {
                    call.finished();
                    try {
                        result.complete(map.apply(value));
                    } catch (RuntimeException e) {
                        result.completeExceptionally(VertxErrors.translate(gate, e));
                    }
                },
                error -> {
                    call.finished();
                    result.completeExceptionally(VertxErrors.translate(gate, error));
                });
        return result;
    }
}
