package lab.access;

import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * One database source in one access mode. Calls on the client itself borrow any pooled
 * connection; {@link #openSession()} pins one. Create with {@link DbClients#create}; bound a run of calls
 * with {@link #withDeadline}.
 */
public interface DbClient extends SqlOps, AutoCloseable {

    SourceUrl source();

    Mode mode();

    ClientOptions options();

    /**
     * Database connections this client opens to its source at most: {@code poolSize} in every
     * mode (README, "Connections per source"); also the {@code access.pool.size} gauge.
     */
    default int connections() {
        return options().poolSize();
    }

    /**
     * Calls admitted and not finished now, on the client, its sessions and its views: the
     * {@code access.calls.inflight} gauge. {@link RoundTrip} reads it to tell a probe at rest.
     */
    int callsInFlight();

    /** One line for logs and results: mode, source, connections and the mode's own concurrency settings. */
    default String describe() {
        return mode().id() + " " + source() + " connections=" + connections() + mode().settings(options())
                + " queueBound=" + options().queueBound();
    }

    /**
     * This client with a deadline: its calls, and those of the sessions and transactions opened
     * from it, end by {@code deadline} (see {@link Deadline}); a view keeps the earlier of its own
     * deadline and the new one. The view shares this client's pool and threads: closing it does nothing.
     */
    DbClient withDeadline(Deadline deadline);

    DbSession openSession();

    /**
     * Runs {@code work} inside BEGIN … COMMIT on one connection; rolls back when the work's stage
     * fails (its error is passed on unchanged) and always returns the connection.
     */
    default <T> CompletionStage<T> inTransaction(Function<SqlOps, CompletionStage<T>> work) {
        return Transactions.run(openSession(), work);
    }

    /** Cheap liveness probe ({@code SELECT 1}) for health endpoints. */
    default CompletionStage<Boolean> ping() {
        return query("SELECT 1").thenApply(rows -> rows.size() == 1);
    }

    /**
     * Opens and verifies every connection this client may hold: {@link #connections()}
     * transactions at once, each keeping its connection until all have answered a {@code SELECT 1}.
     * Health endpoints say UP only after it, so the first page neither pays for connecting nor
     * times out waiting for a connection still being opened. Fails as soon as one of them fails.
     */
    default CompletionStage<Void> warmUp() {
        return WarmUp.all(this);
    }

    /** Releases every thread and connection this client created. */
    @Override
    void close();
}
