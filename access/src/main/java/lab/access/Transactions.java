package lab.access;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/** BEGIN / work / COMMIT-or-ROLLBACK over any session, so every mode shares one definition. */
final class Transactions {

    private Transactions() {
    }

    static <T> CompletionStage<T> run(DbSession session, Function<SqlOps, CompletionStage<T>> work) {
        CompletableFuture<T> result = new CompletableFuture<>();
        session.begin()
                .thenCompose(ignored -> work.apply(session))
                .whenComplete((value, error) -> {
                    if (error == null) {
                        session.commit().whenComplete((v, commitError) -> finish(session, result, value, commitError));
                    } else {
                        Throwable cause = unwrap(error);
                        session.rollback().whenComplete((v, rollbackError) -> {
                            if (rollbackError != null) {
                                cause.addSuppressed(unwrap(rollbackError));
                            }
                            finish(session, result, null, cause);
                        });
                    }
                });
        return result;
    }

    private static <T> void finish(DbSession session, CompletableFuture<T> result, T value, Throwable error) {
        session.close();
        if (error == null) {
            result.complete(value);
        } else {
            result.completeExceptionally(unwrap(error));
        }
    }

    static Throwable unwrap(Throwable error) {
        Throwable t = error;
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
