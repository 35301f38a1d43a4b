package lab.access.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.pool.HikariPool;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import com.zaxxer.hikari.util.DriverDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Properties;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import lab.access.ClientOptions;
import lab.access.SourceUrl;

/**
 * A HikariCP pool for one source, configured so that nothing hangs: the pool starts while the
 * server is down, a connection is waited for at most {@code connectTimeout} (or, while every
 * connection is busy, as long as the caller's deadline allows: {@link #borrow(long)}; once the source
 * is found down, {@link #DOWN_WAIT_MS}), and the driver's
 * connect and socket timeouts bound every network wait. The socket timeout is a little longer than
 * the query timeout, so that a slow statement is cancelled on the server ({@link JdbcStatements})
 * before the client drops its connection; it only fires for a server that stopped answering.
 * Hikari's own meters ({@code hikaricp.connections.*}, tag {@code pool}) go to the given registry.
 * The pool is Hikari's {@link HikariPool} itself rather than its DataSource, for
 * {@link #borrow(long)}: a caller with a {@link lab.access.Deadline} waits no longer than it has.
 */
final class JdbcPool implements AutoCloseable {

    private static final long HIKARI_MIN_TIMEOUT_MS = 250;
    /** Time for the driver's cancel to reach the server and the statement's error to come back. */
    static final long CANCEL_MARGIN_MS = 500;

    private final HikariPool pool;
    private final String poolName;
    private final long connectMs;
    private final int maxSize;
    /**
     * One turn per connection, handed out in the order callers came. Hikari's bag does not promise
     * that order: a waiter handed a connection that a newcomer took first goes back to the end of the
     * line. Under a saturated pool most pages then waited about as long as each other and a few
     * waited past their deadline: portal jdbc at 78 ms and 200 connections answered in 3.9–4.2 s,
     * and 2.5–3.7 % of its pages failed at the 6 s page timeout.
     */
    private final Semaphore turns;

    JdbcPool(SourceUrl source, ClientOptions options, String poolName, MeterRegistry registry) {
        HikariConfig config = new HikariConfig();
        config.setPoolName(poolName);
        config.setDataSource(watched(new DriverDataSource(source.jdbcUrl(), null, driverProperties(source.engine(), options),
                source.user(), source.password())));
        config.setMaximumPoolSize(options.poolSize());
        this.poolName = poolName;
        this.maxSize = options.poolSize();
        this.turns = new Semaphore(maxSize, true);
        config.setMinimumIdle(options.poolSize());
        this.connectMs = Math.max(HIKARI_MIN_TIMEOUT_MS, options.connectTimeout().toMillis());
        config.setConnectionTimeout(connectMs);
        config.setValidationTimeout(Math.max(HIKARI_MIN_TIMEOUT_MS, connectMs / 2));
        config.setInitializationFailTimeout(-1);
        config.setTransactionIsolation(serverDefaultIsolation(source.engine()));
        config.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(registry));
        config.validate();
        this.pool = new HikariPool(config);
    }

    /**
     * The engine's own default isolation, named rather than learnt: Hikari reads it from its first
     * connection, and if that connection breaks at that moment (a server that hangs while the pool
     * starts) it keeps level -1 and no later connection can be set up (HikariCP issue 1944).
     */
    private static String serverDefaultIsolation(SourceUrl.Engine engine) {
        return switch (engine) {
            case MYSQL -> "TRANSACTION_REPEATABLE_READ";
            case POSTGRESQL -> "TRANSACTION_READ_COMMITTED";
        };
    }

    /** Driver settings per engine: timeouts, server-side prepared statements, TLS as the options say ({@link lab.access.DbTls}). */
    static Properties driverProperties(SourceUrl.Engine engine, ClientOptions options) {
        long connectMs = options.connectTimeout().toMillis();
        long queryMs = options.queryTimeout().toMillis() + CANCEL_MARGIN_MS;
        Properties p = options.tls().jdbcProperties(engine);
        switch (engine) {
            case MYSQL -> {
                p.setProperty("connectTimeout", Long.toString(connectMs));
                p.setProperty("socketTimeout", Long.toString(queryMs));
                p.setProperty("cachePrepStmts", "true");
                p.setProperty("useServerPrepStmts", "true");
                p.setProperty("prepStmtCacheSize", "256");
                p.setProperty("prepStmtCacheSqlLimit", "2048");
                // TINYINT(1) stays a number, as the Vert.x client returns it
                p.setProperty("tinyInt1isBit", "false");
            }
            case POSTGRESQL -> {
                p.setProperty("connectTimeout", Long.toString(seconds(connectMs)));
                p.setProperty("loginTimeout", Long.toString(seconds(connectMs)));
                p.setProperty("socketTimeout", Long.toString(seconds(queryMs)));
                // a statement that timed out waits for its cancel to be sent: 1 s at most, not 10 (JdbcStatements.END_MARGIN_MS)
                p.setProperty("cancelSignalTimeout", "1");
                // server-side prepared statements from the first execution, like the Vert.x cache
                p.setProperty("prepareThreshold", "1");
            }
        }
        return p;
    }

    /**
     * A connection for a caller that can wait {@code waitMs} (what its deadline leaves). Callers wait
     * in line ({@link #turns}); give the connection back with {@link #giveBack}.
     * <ul>
     * <li>The wait for a turn: while every connection is open and in use the pool is busy, not broken,
     * and a turn comes back as soon as a call ends, so it is waited for as long as the caller has
     * (failing sooner would waste what the caller already had the databases do: a jdbc page that gave
     * up on its first source after {@code connectTimeout} still ran its three others, and was a
     * failure anyway). Any other pool (a connection missing: the server may be down) is waited for
     * {@code connectTimeout} at most, so that a source that is down costs a page only its own panel.
     * <li>The wait for the connection, once the caller has a turn: one is idle, or being opened, so
     * {@code connectTimeout} at most, whatever the caller has left. A caller that got into line while
     * the pool was full and then saw the server stop waited for a connection until its deadline:
     * the shop's requests took 9.3–9.7 s in fault (a), against its 10.5 s limit.
     * </ul>
     */
    public Connection borrow(long waitMs) throws SQLException {
        long start = System.nanoTime();
        long turnWait = busy() ? waitMs : connectionWait(waitMs);
        try {
            if (!turns.tryAcquire(Math.max(1, turnWait), TimeUnit.MILLISECONDS)) {
                int open = pool.getTotalConnections();
                throw new SQLTransientConnectionException(poolName + " - no connection within " + turnWait + " ms: "
                        + (open >= maxSize ? "all " + maxSize + " in use, callers served in turn"
                                : "only " + open + " of " + maxSize + " open (the server may be down), callers served in turn"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLTransientConnectionException(poolName + " - interrupted while waiting for a connection", e);
        }
        try {
            return connection(connectionWait(waitMs - (System.nanoTime() - start) / 1_000_000));
        } catch (SQLException | RuntimeException e) {
            turns.release();
            throw e;
        }
    }

    /** How long a connection that is not just busy is waited for: {@code connectTimeout}, or less once the source is found down. */
    private long connectionWait(long waitMs) {
        return Math.min(waitMs, lastOpenFailed ? DOWN_WAIT_MS : connectMs);
    }

    /**
     * Hikari's connection within {@code waitMs}, asked for in slices of {@link #SLICE_MS}, so that a
     * caller who began to wait before the server was found down ({@link #lastOpenFailed}) stops within
     * {@link #DOWN_WAIT_MS} of it rather than at the end of its wait: Hikari gives a waiter no word
     * of the failed attempts to open.
     */
    private Connection connection(long waitMs) throws SQLException {
        long end = System.nanoTime() + waitMs * 1_000_000;
        while (true) {
            long left = Math.max(1, (end - System.nanoTime()) / 1_000_000);
            try {
                return pool.getConnection(Math.min(left, lastOpenFailed ? DOWN_WAIT_MS : SLICE_MS));
            } catch (SQLTransientConnectionException e) {
                if (lastOpenFailed || System.nanoTime() - end >= 0) {
                    throw e;
                }
            }
        }
    }

    private static final long SLICE_MS = 250;

    /**
     * Closes a connection that {@link #borrow} lent instead of lending it again, and passes the
     * caller's turn on: for one left in a state the pool's reset would get wrong (an open transaction,
     * which the server rolls back when the connection closes). Hikari opens a new one in its place.
     */
    public void discard(Connection connection) {
        try {
            pool.evictConnection(connection);
        } catch (RuntimeException ignored) {
            // already closed: nothing left to roll back
        } finally {
            turns.release();
        }
    }

    /** Returns a connection that {@link #borrow} lent, and the caller's turn to the next in line. */
    public void giveBack(Connection connection) {
        try {
            connection.close();
        } catch (SQLException | RuntimeException ignored) {
            // the pool discards a broken connection on its own
        } finally {
            turns.release();
        }
    }

    /**
     * The wait for a connection while the source is down: the pool's last attempt to open one failed
     * (refused, or no greeting within {@code connectTimeout}); an idle connection is still lent at once. Hikari goes on
     * opening connections in the background (its minimum idle is the pool's size), and it tries at
     * once when it drops a broken one, so a stopped server is known within milliseconds of its
     * connections breaking, and a caller gains nothing by waiting the whole {@code connectTimeout}
     * for it: the shop's jdbc mode, which borrows on its event loop, held each request read after one
     * for another 5 s while MariaDB was stopped (fault a: slowest answer 9.3–11.8 s against its 10.5 s
     * limit). Judged by the attempts to open, not by a failed borrow: the first callers after the
     * stop would each have waited {@code connectTimeout} before a borrow failed.
     */
    static final long DOWN_WAIT_MS = 100;
    private volatile boolean lastOpenFailed;

    /** The driver's data source, remembering whether the last attempt to open a connection failed. */
    private DataSource watched(DataSource driver) {
        return (DataSource) Proxy.newProxyInstance(DataSource.class.getClassLoader(), new Class<?>[] {DataSource.class},
                (proxy, method, args) -> {
                    boolean opening = method.getName().equals("getConnection");
                    try {
                        Object result = method.invoke(driver, args);
                        if (opening) {
                            lastOpenFailed = false;
                        }
                        return result;
                    } catch (InvocationTargetException e) {
                        if (opening) {
                            lastOpenFailed = true;
                        }
                        throw e.getCause();
                    }
                });
    }

    /** {@code connectTimeout}: the wait of a caller without a deadline. */
    long connectTimeoutMs() {
        return connectMs;
    }

    /**
     * Every connection open (and so, short of an idle one, all in use): a wait is for a call to end.
     * Callers in line are not enough: while the server is down the line fills with callers each
     * waiting for a connection that never opens, and the next ones would wait out their deadlines.
     */
    private boolean busy() {
        return pool.getTotalConnections() >= maxSize;
    }

    /** Connections open right now (idle and in use). */
    public int size() {
        return pool.getTotalConnections();
    }

    @Override
    public void close() {
        try {
            pool.shutdown();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static long seconds(long millis) {
        return Math.max(1, (millis + 999) / 1000);
    }
}
