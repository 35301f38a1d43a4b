package lab.access.nonblocking;

import io.netty.channel.Channel;
import io.netty.handler.flush.FlushConsolidationHandler;
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
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.SqlConnectOptions;
import java.util.concurrent.TimeUnit;
import lab.access.ClientOptions;
import lab.access.DbTls;
import lab.access.SourceUrl;

/**
 * Builds the Vert.x pool for a source: {@code maxSize = poolSize}; pipelining limit and the
 * prepared statement cache on both engines; connections spread over all event loops; statements
 * sent together written together ({@link #writeTogether}).
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
    private static final String FLUSH_CONSOLIDATION = "lab-flush-consolidation";

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
        return builder.with(pool).with(transport).withConnectHandler(VertxPools::writeTogether).using(vertx).build();
    }

    /**
     * Statements sent together leave in one write. The SQL client flushes the socket after every
     * statement it schedules, so a session's 5 pipelined queries went out as 5 TCP segments, each
     * a write here, a chunk through the link and a read on the server. Netty's
     * {@link FlushConsolidationHandler} holds a flush until the event loop has run the tasks
     * already queued (or until the read in progress ends), so the statements scheduled meanwhile,
     * by this session or by others on a shared lane, go out together. portal-nonblocking at 78 ms
     * and 200 connections: 13.9 → 4.8 writes per page, about 10 % more pages/s (access-vertx/README.md).
     * Called once per new connection, before the pool lends it.
     */
    private static void writeTogether(SqlConnection connection) {
        Channel socket = Leased.socket(connection);
        if (socket != null) {
            socket.pipeline().addFirst(FLUSH_CONSOLIDATION, new FlushConsolidationHandler(
                    FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES, true));
        }
        connection.close(); // lends it to the pool
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
