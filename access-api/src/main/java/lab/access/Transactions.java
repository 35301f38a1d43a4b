package lab.access;

import java.util.concurrent.CompletableFuture;
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
                        Throwable cause = ForkJoin.unwrap(error);
                        session.rollback().whenComplete((v, rollbackError) -> {
                            if (rollbackError != null) {
                                cause.addSuppressed(ForkJoin.unwrap(rollbackError));
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
            result.completeExceptionally(ForkJoin.unwrap(error));
        }
    }
}
