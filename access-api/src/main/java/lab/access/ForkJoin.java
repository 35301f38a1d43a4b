package lab.access;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Fork/join over stages (thesis Figure 3.1): fire N calls, then either wait for all
 * ({@link #join}) or compose without waiting ({@link #all}, {@link #settled}).
 */
public final class ForkJoin {

    private ForkJoin() {
    }

    /** Completes with every value in order, or fails with the first failure. */
    public static <T> CompletableFuture<List<T>> all(List<? extends CompletionStage<T>> stages) {
        CompletableFuture<?>[] futures = stages.stream().map(CompletionStage::toCompletableFuture).toArray(CompletableFuture[]::new);
        return CompletableFuture.allOf(futures).thenApply(ignored -> {
            List<T> values = new ArrayList<>(futures.length);
            for (CompletableFuture<?> f : futures) {
                @SuppressWarnings("unchecked")
                T v = (T) f.join();
                values.add(v);
            }
            return values;
        });
    }

    /** Completes when every stage has finished, with each one's value or error; never fails. */
    public static <T> CompletableFuture<List<Outcome<T>>> settled(List<? extends CompletionStage<T>> stages) {
        List<CompletableFuture<Outcome<T>>> outcomes = new ArrayList<>(stages.size());
        for (CompletionStage<T> stage : stages) {
            outcomes.add(stage.toCompletableFuture().handle((v, e) -> e == null ? Outcome.ok(v) : Outcome.failed(unwrap(e))));
        }
        return all(outcomes);
    }

    /** Blocks the calling thread until the stage completes (or the timeout passes) and unwraps its error. */
    public static <T> T join(CompletionStage<T> stage, Duration timeout) {
        try {
            return stage.toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw propagate(e.getCause());
        } catch (TimeoutException e) {
            throw new SourceUnavailableException("fork/join", "no result within " + timeout.toMillis() + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CompletionException(e);
        }
    }

    /** The error a stage failed with, without the {@link CompletionException} / {@link ExecutionException} wrappers around it. */
    public static Throwable unwrap(Throwable error) {
        Throwable t = error;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    private static RuntimeException propagate(Throwable t) {
        Throwable cause = unwrap(t);
        return cause instanceof RuntimeException r ? r : new CompletionException(cause);
    }

    /** A stage's result: a value, or the error that ended it. */
    public record Outcome<T>(T value, Throwable error) {
        static <T> Outcome<T> ok(T value) {
            return new Outcome<>(value, null);
        }

        static <T> Outcome<T> failed(Throwable error) {
            return new Outcome<>(null, error);
        }

        public boolean isOk() {
            return error == null;
        }
    }
}
