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
import java.util.concurrent.TimeUnit;
import lab.access.ClientOptions;
import lab.access.SourceUrl;

/**
 * Builds the Vert.x pool for a source: {@code maxSize = poolSize}, {@code connectTimeout} for
 * opening and for waiting; pipelining limit and the prepared statement cache on both engines;
 * connections spread over all event loops.
 *
 * <p>The pool's own wait queue is left unbounded on purpose: every waiter is a call admitted by
 * {@code CallGate} (sessions take their connection inside their first call), so the gate's
 * {@code poolSize + queueBound} bounds it. A bounded Vert.x queue would also count waiters that
 * already gave up on a hanging connection attempt and refuse every later call as "too busy",
 * where the truth is that the server is unavailable.
 */
final class VertxPools {

    private static final int UNBOUNDED = -1;

    private VertxPools() {
    }

    static Pool create(Vertx vertx, SourceUrl source, ClientOptions options, int eventLoops) {
        int connectMs = Math.toIntExact(options.connectTimeout().toMillis());
        PoolOptions pool = new PoolOptions()
                .setName("nonblocking-" + source.address())
                .setMaxSize(options.poolSize())
                .setMaxWaitQueueSize(UNBOUNDED)
                .setConnectionTimeout(connectMs)
                .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS)
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
