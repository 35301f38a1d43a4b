package lab.access.nonblocking;

import io.vertx.core.Vertx;
import io.vertx.core.net.ClientSSLOptions;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.PemTrustOptions;
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
import lab.access.DbTls;
import lab.access.SourceUrl;

/**
 * Builds the Vert.x pool for a source: {@code maxSize = poolSize}; pipelining limit and the
 * prepared statement cache on both engines; connections spread over all event loops.
 *
 * <p>Nothing waits forever: opening a connection is bounded by {@code connectTimeout}; so is the
 * wait for a pooled one, by the pool's own timer, which also drops the waiter. Its queue is
 * bounded: the gate admits at most {@code poolSize + queueBound} calls, and as many again may be
 * waiters that gave up but stay counted while a connect they were promised still hangs (until
 * the read-idle timeout below ends it). A connection that has read nothing for {@code queryTimeout + connectTimeout}
 * (longer than any call may take, cancel included) is closed: it is dead (an idle one is kept
 * alive by {@link Connections#keepWarm}).
 */
final class VertxPools {

    private static final int KILLER_IDLE_SECONDS = 2;

    private VertxPools() {
    }

    static Pool create(Vertx vertx, SourceUrl source, ClientOptions options, int eventLoops) {
        PoolOptions pool = new PoolOptions()
                .setName("nonblocking-" + source.address())
                .setMaxSize(options.poolSize())
                .setMaxWaitQueueSize(2 * (options.poolSize() + options.queueBound()) + options.poolSize())
                .setConnectionTimeout(Math.toIntExact(options.connectTimeout().toMillis()))
                .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS)
                .setEventLoopSize(eventLoops);
        return build(vertx, source, options, pool);
    }

    /** MySQL: a pool of at most one connection, closed when idle, for {@code KILL QUERY} (see {@link ServerCancel}). */
    static Pool killer(Vertx vertx, SourceUrl source, ClientOptions options) {
        PoolOptions pool = new PoolOptions()
                .setName("nonblocking-cancel-" + source.address())
                .setMaxSize(1)
                .setMaxWaitQueueSize(options.poolSize())
                .setIdleTimeout(KILLER_IDLE_SECONDS)
                .setIdleTimeoutUnit(TimeUnit.SECONDS);
        return build(vertx, source, options, pool);
    }

    /** Longer than any call may take, cancel included; {@link Connections#keepWarm} keeps idle connections within it. */
    static long readIdleMs(ClientOptions options) {
        return options.queryTimeout().toMillis() + options.connectTimeout().toMillis();
    }

    private static Pool build(Vertx vertx, SourceUrl source, ClientOptions options, PoolOptions pool) {
        long readIdleMs = readIdleMs(options);
        NetClientOptions transport = new NetClientOptions()
                .setConnectTimeout(Math.toIntExact(options.connectTimeout().toMillis()))
                .setTcpNoDelay(true)
                .setReadIdleTimeout(Math.toIntExact(readIdleMs))
                .setIdleTimeoutUnit(TimeUnit.MILLISECONDS);
        DbTls tls = options.tls();
        ClientBuilder<Pool> builder = switch (source.engine()) {
            case MYSQL -> MySQLBuilder.pool().connectingTo(fill(new MySQLConnectOptions()
                    .setPipeliningLimit(options.pipeliningLimit())
                    .setSslMode(tls.on() ? SslMode.VERIFY_IDENTITY : SslMode.DISABLED), source, tls));
            case POSTGRESQL -> PgBuilder.pool().connectingTo(fill(new PgConnectOptions()
                    .setPipeliningLimit(options.pipeliningLimit())
                    .setSslMode(tls.on() ? io.vertx.pgclient.SslMode.VERIFY_FULL : io.vertx.pgclient.SslMode.DISABLE), source, tls));
        };
        return builder.with(pool).with(transport).using(vertx).build();
    }

    private static SqlConnectOptions fill(SqlConnectOptions connect, SourceUrl source, DbTls tls) {
        if (tls.on()) {
            // the server's certificate must chain to the lab's CA and name the host dialled (as the JDBC drivers check)
            connect.setSslOptions(new ClientSSLOptions().setHostnameVerificationAlgorithm("HTTPS")
                    .setTrustOptions(new PemTrustOptions().addCertPath(tls.caPem().toString())));
        }
        return connect.setHost(source.host())
                .setPort(source.port())
                .setDatabase(source.database())
                .setUser(source.user())
                .setPassword(source.password())
                .setCachePreparedStatements(true)
                .setPreparedStatementCacheMaxSize(256);
    }
}
