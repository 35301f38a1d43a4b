package lab.access.nonblocking;

import io.vertx.core.Future;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import lab.access.internal.CallGate;

/** Bridges a Vert.x future to the caller's stage: frees the call's room first, then completes. */
final class VertxCalls {

    private VertxCalls() {
    }

    static <R, T> CompletableFuture<T> complete(CallGate.Call call, CallGate gate, Future<R> running, Function<R, T> map) {
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
