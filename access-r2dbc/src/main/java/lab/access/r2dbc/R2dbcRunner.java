package lab.access.r2dbc;

import io.r2dbc.spi.Connection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import lab.access.Timeouts;
import lab.access.spi.CallGate;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * Runs an admitted call's statement once its connection is in hand, and bridges the result to the
 * caller's stage. The stage completes where the driver answered: on an {@code r2dbc-} event loop.
 */
final class R2dbcRunner {

    /**
     * How long a timed-out statement's connection gets to answer the server-side cancel before it
     * is closed: a server that answers does so in milliseconds; one that does not (silent, or the
     * link dropped the bytes) would hold the call and its room until the socket died.
     */
    private static final long ABANDON_AFTER_MS = 1_000;

    private R2dbcRunner() {
    }

    /**
     * @param connection where the statement runs: leased for this call, or the session's
     * @param after      what the call's end does with the connection (give back a leased one) before the caller hears of it
     */
    static <T> CompletableFuture<T> run(CallGate.Call call, CallGate gate, ServerCancel cancel, CompletableFuture<Leased> connection,
                                        Function<Connection, Mono<T>> statement, Function<Leased, Mono<Void>> after) {
        CompletableFuture<T> result = new CompletableFuture<>();
        connection.whenComplete((leased, error) -> {
            if (error != null) {
                call.finished();
                result.completeExceptionally(R2dbcErrors.noConnection(gate, error));
            } else if (call.gaveUp()) { // never sent: the caller already has its timeout
                end(call, gate, after.apply(leased), result, null, new TimeoutException("gave up before a connection was in hand"));
            } else {
                start(call, gate, cancel, leased, statement, after, result);
            }
        });
        return result;
    }

    private static <T> void start(CallGate.Call call, CallGate gate, ServerCancel cancel, Leased leased,
                                  Function<Connection, Mono<T>> statement, Function<Leased, Mono<Void>> after, CompletableFuture<T> result) {
        call.started();
        AtomicBoolean ended = new AtomicBoolean();
        Disposable[] running = new Disposable[1];
        call.onTimeout(() -> {
            leased.markBroken(); // an answer may still come: never lend this connection again
            cancel.cancel(leased);
            Timeouts.after(ABANDON_AFTER_MS, () -> {
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
