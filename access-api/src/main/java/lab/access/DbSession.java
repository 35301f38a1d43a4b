package lab.access;

import java.util.concurrent.CompletionStage;

/**
 * A logical connection (ADBCJ's Connection): calls made on a session run in order on one
 * physical connection, so a non-blocking driver can pipeline them and the thread-pool driver
 * can hand them off fairly or unfairly (thesis 4.2). Calls return at once; closing waits for
 * pending calls and then returns the connection to its pool.
 */
public interface DbSession extends SqlOps, AutoCloseable {

    CompletionStage<Void> begin();

    CompletionStage<Void> commit();

    CompletionStage<Void> rollback();

    /** Returns the connection once every call made so far has finished; never throws. */
    @Override
    void close();
}
