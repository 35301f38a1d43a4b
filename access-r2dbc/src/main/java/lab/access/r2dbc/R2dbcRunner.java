package lab.access.r2dbc;

import io.r2dbc.spi.Connection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import lab.access.spi.CallGate;
import lab.access.spi.CancelBound;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * Runs an admitted call's statement once its connection is in hand, and bridges the result to the
 * caller's stage. The stage completes where the driver answered: on an {@code r2dbc-} event loop.
 */
final class R2dbcRunner {

    private R2dbcRunner() {
    }

    /**
     * @param connection where the statement runs: leased for this call (failed at once if the caller
     *                   gives up waiting for it, so the waiter leaves the pool's queue), or the session's
     * @param onTimeout  what a timeout does to the connection besides the cancel (a session's is never reused)
     * @param after      what the call's end does with the connection (give back a leased one) before the caller hears of it
     */
    static <T> CompletableFuture<T> run(CallGate.Call call, CallGate gate, ServerCancel cancel, CompletableFuture<Leased> connection,
                                        Consumer<Leased> onTimeout, Function<Connection, Mono<T>> statement, Function<Leased, Mono<Void>> after) {
        CompletableFuture<T> result = new CompletableFuture<>();
        call.onTimeout(() -> connection.completeExceptionally(new TimeoutException("gave up waiting for a connection")));
        connection.whenComplete((leased, error) -> {
            if (error != null) {
                call.finished();
                result.completeExceptionally(R2dbcErrors.noConnection(gate, error));
            } else if (call.gaveUp()) { // never sent: the caller already has its timeout
                end(call, gate, after.apply(leased), result, null, new TimeoutException("gave up before a connection was in hand"));
            } else {
                start(call, gate, cancel, leased, onTimeout, statement, after, result);
            }
        });
        return result;
    }

    /** The statement; on a timeout, cancelled on the server, and its connection closed unless it ends within {@link CancelBound}. */
    private static <T> void start(CallGate.Call call, CallGate gate, ServerCancel cancel, Leased leased, Consumer<Leased> onTimeout,
                                  Function<Connection, Mono<T>> statement, Function<Leased, Mono<Void>> after, CompletableFuture<T> result) {
        call.started();
        AtomicBoolean ended = new AtomicBoolean();
        Disposable[] running = new Disposable[1];
        call.onTimeout(() -> {
            onTimeout.accept(leased);
            cancel.cancel(leased);
            CancelBound.afterCancel(() -> {
                if (ended.compareAndSet(false, true)) {
                    leased.abandon();
                    running[0].dispose();
                    end(call, gate, after.apply(leased), result, null, new TimeoutException("no answer, not even to the cancel: connection closed"));
                }
            });
        });
        Mono<T> work;
        try {
            work = statement.apply(leased.pooled);
        } catch (RuntimeException e) { // a handle used after it was given back, a value the driver cannot bind
            work = Mono.error(e);
        }
        running[0] = work.subscribe(
                value -> {
                    if (ended.compareAndSet(false, true)) {
                        end(call, gate, after.apply(leased), result, value, null);
                    }
                },
                error -> {
                    if (ended.compareAndSet(false, true)) {
                        end(call, gate, after.apply(leased), result, null, error);
                    }
                },
                () -> {
                    if (ended.compareAndSet(false, true)) { // an empty Mono: BEGIN, COMMIT, ROLLBACK
                        end(call, gate, after.apply(leased), result, null, null);
                    }
                });
    }

    /** Frees the call's room once the connection is dealt with, then completes the caller's stage. */
    private static <T> void end(CallGate.Call call, CallGate gate, Mono<Void> after, CompletableFuture<T> result, T value, Throwable error) {
        after.onErrorComplete().doFinally(signal -> {
            call.finished();
            if (error == null) {
                result.complete(value);
            } else {
                result.completeExceptionally(R2dbcErrors.translate(gate, error));
            }
        }).subscribe();
    }
}
