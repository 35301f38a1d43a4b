package lab.access.nonblocking;

import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import lab.access.ClientOptions;
import lab.access.DbClient;
import lab.access.DbSession;
import lab.access.Mode;
import lab.access.Rows;
import lab.access.SourceUrl;
import lab.access.internal.CallGate;

/**
 * {@code nonblocking}: the Vert.x MySQL and PostgreSQL clients on the shared event loops. No
 * thread waits for a query; results arrive on an event loop ({@code vert.x-eventloop-thread-N}),
 * where the returned stages complete. Sessions hold one connection and pipeline their calls.
 * Waiting for a pooled connection is bounded by {@code connectTimeout}; failing to get one is
 * {@link lab.access.SourceUnavailableException}.
 */
public final class NonBlockingClient implements DbClient {

    private final SourceUrl source;
    private final boolean numberedPlaceholders;
    private final Pool pool;
    private final CallGate gate;
    private final long connectTimeoutMs;

    public NonBlockingClient(SourceUrl source, ClientOptions options, MeterRegistry registry) {
        this.source = source;
        this.numberedPlaceholders = source.engine() == SourceUrl.Engine.POSTGRESQL;
        this.connectTimeoutMs = options.connectTimeout().toMillis();
        var vertx = SharedVertx.acquire(options.eventLoops());
        try {
            this.pool = VertxPools.create(vertx, source, options, SharedVertx.eventLoops());
        } catch (RuntimeException e) {
            SharedVertx.release();
            throw e;
        }
        this.gate = new CallGate(source, Mode.NONBLOCKING, options, registry, pool::size);
    }

    @Override
    public SourceUrl source() {
        return source;
    }

    @Override
    public Mode mode() {
        return Mode.NONBLOCKING;
    }

    @Override
    public CompletionStage<Rows> query(String sql, List<?> params) {
        return onPool(statement(sql, params), VertxResults::rows);
    }

    @Override
    public CompletionStage<Long> update(String sql, List<?> params) {
        return onPool(statement(sql, params), VertxResults::count);
    }

    @Override
    public DbSession openSession() {
        return new NonBlockingSession(this, gate, this::connection);
    }

    /** Closes the pool (its connections), then gives back this client's share of Vert.x. */
    @Override
    public void close() {
        if (gate.isClosed()) {
            return;
        }
        gate.close();
        SharedVertx.Close.await(pool.close());
        SharedVertx.release();
    }

    /** The statement as the driver wants it: {@code $n} placeholders on PostgreSQL, bound parameters. */
    Function<SqlConnection, Future<RowSet<Row>>> statement(String sql, List<?> params) {
        String nativeSql = numberedPlaceholders ? Placeholders.numbered(sql) : sql;
        Tuple tuple = Tuple.from(params);
        return connection -> connection.preparedQuery(nativeSql).execute(tuple);
    }

    /**
     * A pooled connection within {@code connectTimeout}, or a {@link lab.access.SourceUnavailableException}
     * (an overload error when the pool refuses). A connection that arrives after the wait gave up
     * goes straight back to the pool.
     */
    Future<SqlConnection> connection() {
        Future<SqlConnection> asked = pool.getConnection();
        return asked.timeout(connectTimeoutMs, TimeUnit.MILLISECONDS).recover(error -> {
            asked.onSuccess(SqlConnection::close);
            return Future.failedFuture(VertxErrors.noConnection(gate, error, connectTimeoutMs));
        });
    }

    /**
     * Runs a statement on a pooled connection. The call ends (and frees its room) only once the
     * connection is back in the pool, so a call admitted right after it always finds one.
     */
    private <T> CompletionStage<T> onPool(Function<SqlConnection, Future<RowSet<Row>>> statement, Function<RowSet<Row>, T> map) {
        return gate.submit(false, call -> VertxCalls.complete(call, gate,
                connection().compose(connection -> {
                    call.started();
                    return statement.apply(connection).eventually(connection::close);
                }), map));
    }
}
