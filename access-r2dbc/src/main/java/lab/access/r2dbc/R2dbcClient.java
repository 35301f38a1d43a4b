package lab.access.r2dbc;

import io.micrometer.core.instrument.MeterRegistry;
import io.r2dbc.spi.Connection;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import lab.access.ClientOptions;
import lab.access.DbSession;
import lab.access.Deadline;
import lab.access.Mode;
import lab.access.Rows;
import lab.access.SourceUrl;
import lab.access.spi.CallGate;
import lab.access.spi.SourceClient;
import reactor.core.publisher.Mono;

/**
 * {@code r2dbc}: the R2DBC PostgreSQL or MySQL driver behind r2dbc-pool, on the engine's shared
 * event loops ({@code r2dbc-<transport>-N}, {@link SharedLoops}). No thread waits for a query; a
 * call on the client leases a connection for that call and gives it back before its stage completes,
 * on the event loop that read the answer. Sessions keep one connection ({@link R2dbcSession}).
 */
final class R2dbcClient extends SourceClient {

    private final R2dbcPool pool;
    private final CallGate gate;
    private final ServerCancel cancel;
    private final R2dbcStatements statements;

    R2dbcClient(SourceUrl source, ClientOptions options, MeterRegistry registry) {
        super(source, Mode.R2DBC, options);
        try {
            this.pool = new R2dbcPool(source, options, SharedLoops.acquire(options.eventLoops()));
        } catch (RuntimeException e) {
            SharedLoops.release();
            throw e;
        }
        this.gate = CallGate.metered(source, Mode.R2DBC, options, registry, pool::open, pool.gauges());
        this.cancel = new ServerCancel(source, pool.connector());
        this.statements = new R2dbcStatements(source);
    }

    @Override
    protected CallGate gate() {
        return gate;
    }

    @Override
    protected CompletionStage<Rows> query(Deadline deadline, String sql, List<?> params) {
        return onPool(deadline, statements.query(sql, params));
    }

    @Override
    protected CompletionStage<Long> update(Deadline deadline, String sql, List<?> params) {
        return onPool(deadline, statements.update(sql, params));
    }

    @Override
    protected DbSession openSession(Deadline deadline) {
        return new R2dbcSession(gate, pool, cancel, statements, deadline);
    }

    /** Closes the pool (every connection, open sessions' included), then gives back this client's share of the event loops. */
    @Override
    public void close() {
        if (gate.isClosed()) {
            return;
        }
        gate.close();
        cancel.close();
        pool.close();
        SharedLoops.release();
    }

    /**
     * On a connection leased for this call alone, back in the pool before the caller hears the result;
     * after a timeout, kept if the cancel was answered (CancelBound).
     */
    private <T> CompletionStage<T> onPool(Deadline deadline, Function<Connection, Mono<T>> statement) {
        return gate.submit(deadline, call -> R2dbcRunner.run(call, gate, cancel, pool.lease(call.deadline()),
                leased -> { }, statement, pool::giveBack));
    }
}
