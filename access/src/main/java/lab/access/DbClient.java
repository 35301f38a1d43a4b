package lab.access;

import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * One database source in one access mode. Calls on the client itself borrow any pooled
 * connection; {@link #openSession()} pins one. Create with {@link DbClients#create}.
 */
public interface DbClient extends SqlOps, AutoCloseable {

    SourceUrl source();

    Mode mode();

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

    /** Releases every thread and connection this client created. */
    @Override
    void close();
}
