package lab.access;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Whether an instance may say UP for one source: its pool has been warmed up once
 * ({@link DbClient#warmUp()}, started at construction and again after a failure) and the source
 * answers a ping now.
 */
public final class Readiness {

    private final DbClient client;
    private CompletableFuture<Void> warm; // guarded by this

    public Readiness(DbClient client) {
        this.client = client;
        warming();
    }

    /** Completes true when warmed up and the ping answered; fails while warming up or when the source is down. */
    public CompletionStage<Boolean> check() {
        return warming().thenCompose(ignored -> client.ping());
    }

    private synchronized CompletableFuture<Void> warming() {
        if (warm == null || warm.isCompletedExceptionally()) {
            try {
                warm = client.warmUp().toCompletableFuture();
            } catch (RuntimeException e) {
                warm = CompletableFuture.failedFuture(e);
            }
        }
        return warm;
    }
}
