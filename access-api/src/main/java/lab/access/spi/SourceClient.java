package lab.access.spi;

import java.util.List;
import java.util.concurrent.CompletionStage;
import lab.access.ClientOptions;
import lab.access.DbClient;
import lab.access.DbSession;
import lab.access.Deadline;
import lab.access.Mode;
import lab.access.Rows;
import lab.access.SourceUrl;

/**
 * What every client is: one source, one mode, its options, and calls that take their deadline as
 * an argument. The engines extend it and implement the three calls with a {@link Deadline};
 * {@link #withDeadline} is the view that passes one.
 */
public abstract class SourceClient implements DbClient {

    private final SourceUrl source;
    private final Mode mode;
    private final ClientOptions options;

    protected SourceClient(SourceUrl source, Mode mode, ClientOptions options) {
        this.source = source;
        this.mode = mode;
        this.options = options;
    }

    /** The gate every call of this client passes ({@link CallGate}): its counts are the client's. */
    protected abstract CallGate gate();

    /** A query that ends by {@code deadline} ({@link Deadline#NONE}: only the query timeout). */
    protected abstract CompletionStage<Rows> query(Deadline deadline, String sql, List<?> params);

    protected abstract CompletionStage<Long> update(Deadline deadline, String sql, List<?> params);

    /** A session whose every call ends by {@code deadline}. */
    protected abstract DbSession openSession(Deadline deadline);

    @Override
    public final CompletionStage<Rows> query(String sql, List<?> params) {
        return query(Deadline.NONE, sql, params);
    }

    @Override
    public final CompletionStage<Long> update(String sql, List<?> params) {
        return update(Deadline.NONE, sql, params);
    }

    @Override
    public final DbSession openSession() {
        return openSession(Deadline.NONE);
    }

    @Override
    public final int callsInFlight() {
        return gate().inFlight();
    }

    @Override
    public final DbClient withDeadline(Deadline deadline) {
        return new Bounded(this, deadline);
    }

    @Override
    public final SourceUrl source() {
        return source;
    }

    @Override
    public final Mode mode() {
        return mode;
    }

    @Override
    public final ClientOptions options() {
        return options;
    }

    /** The client seen through a deadline; owns nothing. */
    private record Bounded(SourceClient client, Deadline deadline) implements DbClient {

        @Override
        public CompletionStage<Rows> query(String sql, List<?> params) {
            return client.query(deadline, sql, params);
        }

        @Override
        public CompletionStage<Long> update(String sql, List<?> params) {
            return client.update(deadline, sql, params);
        }

        @Override
        public DbSession openSession() {
            return client.openSession(deadline);
        }

        @Override
        public int callsInFlight() {
            return client.callsInFlight();
        }

        @Override
        public DbClient withDeadline(Deadline other) {
            return new Bounded(client, deadline.earlier(other));
        }

        @Override
        public SourceUrl source() {
            return client.source;
        }

        @Override
        public Mode mode() {
            return client.mode;
        }

        @Override
        public ClientOptions options() {
            return client.options;
        }

        /** The client it views stays open: its owner closes it. */
        @Override
        public void close() {
        }
    }
}
