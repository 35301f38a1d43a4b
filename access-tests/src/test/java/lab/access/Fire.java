package lab.access;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Fires N calls at once. {@code jdbc} calls block their caller, so they get a platform thread
 * each (as a thread-per-request server would); the other modes are called from this thread.
 */
final class Fire {

    private Fire() {
    }

    static <T> List<CompletableFuture<T>> concurrently(DbClient client, int n, Supplier<CompletionStage<T>> call) {
        List<CompletableFuture<T>> results = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            if (client.mode() == Mode.JDBC) {
                CompletableFuture<T> result = new CompletableFuture<>();
                Thread.ofPlatform().name("jdbc-caller-" + i).start(() -> call.get().whenComplete((v, e) -> {
                    if (e == null) {
                        result.complete(v);
                    } else {
                        result.completeExceptionally(ForkJoin.unwrap(e));
                    }
                }));
                results.add(result);
            } else {
                results.add(call.get().toCompletableFuture());
            }
        }
        return results;
    }

    /** Waits for every call; returns each outcome. */
    static <T> List<ForkJoin.Outcome<T>> settle(List<CompletableFuture<T>> calls, Duration timeout) {
        return ForkJoin.join(ForkJoin.settled(calls), timeout);
    }

    static <T> T await(CompletionStage<T> stage) {
        return ForkJoin.join(stage, Duration.ofSeconds(20));
    }

    /**
     * Opens the first connection, retrying for a few seconds: tests with deliberately tight
     * timeouts must not fail because a busy server was slow to accept the first connection.
     */
    static void warmUp(DbClient client) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            try {
                await(client.query("SELECT 1 AS warm"));
                return;
            } catch (SourceUnavailableException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
            }
        }
    }

    static Throwable failure(CompletionStage<?> stage) {
        try {
            ForkJoin.join(stage, Duration.ofSeconds(20));
        } catch (RuntimeException e) {
            return e;
        }
        throw new AssertionError("expected the call to fail");
    }
}
