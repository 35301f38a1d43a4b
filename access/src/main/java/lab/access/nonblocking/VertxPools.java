package lab.access.nonblocking;

import io.vertx.core.Vertx;
import io.vertx.core.net.NetClientOptions;
import io.vertx.mysqlclient.MySQLBuilder;
import io.vertx.mysqlclient.MySQLConnectOptions;
import io.vertx.mysqlclient.SslMode;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.ClientBuilder;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.SqlConnectOptions;
import lab.access.ClientOptions;
import lab.access.SourceUrl;

/**
 * Builds the Vert.x pool for a source: {@code maxSize = poolSize}, {@code connectTimeout} for
 * opening a connection; pipelining limit and the prepared statement cache on both engines;
 * connections spread over all event loops.
 *
 * <p>The pool's own wait timer is off ({@code connectionTimeout = 0}): in Vert.x 5.0.10 it can fire
 * for a waiter that was just served and logs "Promise already completed" at ERROR. The wait for a
 * connection is bounded by {@link NonBlockingClient} instead, which also returns a connection that
 * arrives too late to the pool.
 *
 * <p>The pool's own wait queue is left unbounded on purpose: every waiter is a call admitted by
 * {@code CallGate} (sessions take their connection inside their first call), so the gate's
 * {@code poolSize + queueBound} bounds it, plus the waiters that gave up after
 * {@code connectTimeout} while the server hangs (each hands its connection back once served). A
 * bounded Vert.x queue would count those too and refuse every later call as "too busy", where the
 * truth is that the server is unavailable.
 */
final class VertxPools {

    private static final int UNBOUNDED = -1;
    private static final int NO_WAIT_TIMER = 0;

    private VertxPools() {
    }

    static Pool create(Vertx vertx, SourceUrl source, ClientOptions options, int eventLoops) {
        int connectMs = Math.toIntExact(options.connectTimeout().toMillis());
        PoolOptions pool = new PoolOptions()
                .setName("nonblocking-" + source.address())
                .setMaxSize(options.poolSize())
                .setMaxWaitQueueSize(UNBOUNDED)
                .setConnectionTimeout(NO_WAIT_TIMER)
                .setEventLoopSize(eventLoops);
        NetClientOptions transport = new NetClientOptions().setConnectTimeout(connectMs).setTcpNoDelay(true);
        ClientBuilder<Pool> builder = switch (source.engine()) {
            case MYSQL -> MySQLBuilder.pool().connectingTo(fill(new MySQLConnectOptions()
                    .setPipeliningLimit(options.pipeliningLimit()).setSslMode(SslMode.DISABLED), source));
            case POSTGRESQL -> PgBuilder.pool().connectingTo(fill(new PgConnectOptions()
                    .setPipeliningLimit(options.pipeliningLimit()), source));
        };
        return builder.with(pool).with(transport).using(vertx).build();
    }

    private static SqlConnectOptions fill(SqlConnectOptions connect, SourceUrl source) {
        return connect.setHost(source.host())
                .setPort(source.port())
                .setDatabase(source.database())
                .setUser(source.user())
                .setPassword(source.password())
                .setCachePreparedStatements(true)
                .setPreparedStatementCacheMaxSize(256);
    }
}
