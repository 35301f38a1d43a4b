package lab.access;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;

/** {@link DbClient#warmUp()}: a barrier of transactions, so that each one holds a connection of its own. */
final class WarmUp {

    private final int n;
    private final AtomicInteger connected = new AtomicInteger();
    private final CompletableFuture<Void> everyoneConnected = new CompletableFuture<>();

    private WarmUp(int n) {
        this.n = n;
    }

    static CompletionStage<Void> all(DbClient client) {
        WarmUp barrier = new WarmUp(client.connections());
        List<CompletableFuture<Void>> transactions = new ArrayList<>(barrier.n);
        try {
            // jdbc runs each call on this thread: its transactions connect one after the other, each kept open
            for (int i = 0; i < barrier.n; i++) {
                transactions.add(client.inTransaction(barrier::connectAndWait).whenComplete(barrier::failOthers).toCompletableFuture());
            }
        } catch (RuntimeException e) {
            barrier.everyoneConnected.completeExceptionally(e); // those already open roll back
            throw e;
        }
        return ForkJoin.all(transactions).thenApply(done -> null);
    }

    private CompletionStage<Void> connectAndWait(SqlOps tx) {
        return tx.query("SELECT 1").thenCompose(rows -> {
            if (connected.incrementAndGet() == n) {
                everyoneConnected.complete(null);
            }
            return everyoneConnected;
        });
    }

    /** One failed: the others roll back instead of waiting for a connection that will not come. */
    private void failOthers(Void ignored, Throwable error) {
        if (error != null) {
            everyoneConnected.completeExceptionally(ForkJoin.unwrap(error));
        }
    }
}
