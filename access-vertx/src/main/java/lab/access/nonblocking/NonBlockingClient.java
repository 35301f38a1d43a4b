package lab.access.nonblocking;

import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import lab.access.ClientOptions;
import lab.access.DbSession;
import lab.access.Deadline;
import lab.access.Mode;
import lab.access.Rows;
import lab.access.SourceUrl;
import lab.access.spi.CallGate;
import lab.access.spi.SourceClient;

/**
 * {@code nonblocking}: the Vert.x MySQL and PostgreSQL clients on the shared event loops. No
 * thread waits for a query; results arrive on an event loop ({@code vert.x-eventloop-thread-N}),
 * where the returned stages complete. With {@code multiplex} (the default) every session's and
 * every pool call's queries are pipelined on the pool's few shared connections ({@link Connections});
 * without, each session leases a connection of its own, as each pool call does.
 */
final class NonBlockingClient extends SourceClient {

    private final Pool pool;
    private final Pool killer;
    private final CallGate gate;
    private final Connections connections;
    private final Statements statements;
    private final Vertx vertx;
    private final long keepWarm;

    NonBlockingClient(SourceUrl source, ClientOptions options, MeterRegistry registry) {
        super(source, Mode.NONBLOCKING, options);
        this.statements = new Statements(source);
        Vertx vertx = SharedVertx.acquire(options.eventLoops());
        try {
            this.pool = VertxPools.create(vertx, source, options, SharedVertx.eventLoops());
            this.killer = source.engine() == SourceUrl.Engine.MYSQL ? VertxPools.killer(vertx, source, options) : null;
        } catch (RuntimeException e) {
            SharedVertx.release();
            throw e;
        }
        this.gate = CallGate.metered(source, Mode.NONBLOCKING, options, registry, pool::size);
        this.connections = new Connections(vertx, pool, gate, new ServerCancel(source, killer), options.poolSize());
        this.vertx = vertx;
        this.keepWarm = vertx.setPeriodic(VertxPools.readIdleMs(options) / 3, id -> connections.keepWarm());
    }

    @Override
    protected CallGate gate() {
        return gate;
    }

    @Override
    protected CompletionStage<Rows> query(Deadline deadline, String sql, List<?> params) {
        return onPool(deadline, statements.of(sql, params), VertxResults::rows);
    }

    @Override
    protected CompletionStage<Long> update(Deadline deadline, String sql, List<?> params) {
        return onPool(deadline, statements.of(sql, params), VertxResults::count);
    }

    @Override
    protected DbSession openSession(Deadline deadline) {
        return new NonBlockingSession(gate, connections, statements, options().multiplex(), deadline);
    }

    /** Closes the pool (its connections), then gives back this client's share of Vert.x. */
    @Override
    public void close() {
        if (gate.isClosed()) {
            return;
        }
        gate.close();
        vertx.cancelTimer(keepWarm);
        if (killer != null) {
            SharedVertx.Close.await(killer.close());
        }
        SharedVertx.Close.await(pool.close());
        SharedVertx.release();
    }

    /** On the least-loaded lane (multiplexing), else on a connection borrowed for this call. */
    private <T> CompletionStage<T> onPool(Deadline deadline, Function<Leased, Future<RowSet<Row>>> statement, Function<RowSet<Row>, T> map) {
        if (!options().multiplex()) {
            return gate.submit(deadline, call -> VertxRunner.runBorrowed(call, gate, connections.borrow(), connections::cancel, statement, map));
        }
        Lane lane = connections.pickLane();
        AtomicBoolean started = new AtomicBoolean();
        CompletableFuture<T> result = new CompletableFuture<>();
        // the call leaves its lane when its statement has ended (after a timeout: answered the cancel, or abandoned), not before
        gate.submit(deadline, call -> {
                    CompletableFuture<T> run = VertxRunner.run(call, gate, lane.connection, connections::cancel, statement, map);
                    started.set(true);
                    return run.whenComplete((value, error) -> connections.left(lane, error));
                })
                .whenComplete((value, error) -> {
                    if (!started.get()) {
                        connections.left(lane, error);
                    }
                    if (error == null) {
                        result.complete(value);
                    } else {
                        result.completeExceptionally(error);
                    }
                });
        return result;
    }
}
