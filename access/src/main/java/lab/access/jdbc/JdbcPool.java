package lab.access.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import lab.access.ClientOptions;
import lab.access.SourceUrl;

/**
 * A HikariCP pool for one source, configured so that nothing hangs: the pool starts while the
 * server is down, a connection is waited for at most {@code connectTimeout}, and the driver's
 * connect and socket timeouts bound every network wait. The socket timeout is a little longer than
 * the query timeout, so that a slow statement is cancelled on the server ({@link JdbcStatements})
 * before the client drops its connection; it only fires for a server that stopped answering.
 * Hikari's own meters ({@code hikaricp.connections.*}, tag {@code pool}) go to the given registry.
 */
public final class JdbcPool implements AutoCloseable {

    private static final long HIKARI_MIN_TIMEOUT_MS = 250;
    /** Time for the driver's cancel to reach the server and the statement's error to come back. */
    private static final long CANCEL_MARGIN_MS = 500;

    private final HikariDataSource dataSource;

    public JdbcPool(SourceUrl source, ClientOptions options, String poolName, MeterRegistry registry) {
        HikariConfig config = new HikariConfig();
        config.setPoolName(poolName);
        config.setJdbcUrl(source.jdbcUrl());
        config.setUsername(source.user());
        config.setPassword(source.password());
        config.setDataSourceProperties(driverProperties(source.engine(), options));
        config.setMaximumPoolSize(options.poolSize());
        config.setMinimumIdle(options.poolSize());
        long connectMs = Math.max(HIKARI_MIN_TIMEOUT_MS, options.connectTimeout().toMillis());
        config.setConnectionTimeout(connectMs);
        config.setValidationTimeout(Math.max(HIKARI_MIN_TIMEOUT_MS, connectMs / 2));
        config.setInitializationFailTimeout(-1);
        config.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(registry));
        this.dataSource = new HikariDataSource(config);
    }

    /** Driver settings per engine: timeouts, server-side prepared statements, no TLS on the lab network. */
    static Properties driverProperties(SourceUrl.Engine engine, ClientOptions options) {
        long connectMs = options.connectTimeout().toMillis();
        long queryMs = options.queryTimeout().toMillis() + CANCEL_MARGIN_MS;
        Properties p = new Properties();
        switch (engine) {
            case MYSQL -> {
                p.setProperty("connectTimeout", Long.toString(connectMs));
                p.setProperty("socketTimeout", Long.toString(queryMs));
                p.setProperty("allowPublicKeyRetrieval", "true");
                p.setProperty("sslMode", "DISABLED");
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
                // a statement that timed out waits for its cancel to be sent: bounded like a connect, not 10 s
                p.setProperty("cancelSignalTimeout", Long.toString(seconds(connectMs)));
                // server-side prepared statements from the first execution, like the Vert.x cache
                p.setProperty("prepareThreshold", "1");
                p.setProperty("sslmode", "disable");
            }
        }
        return p;
    }

    public Connection borrow() throws SQLException {
        return dataSource.getConnection();
    }

    /** Connections open right now (idle and in use). */
    public int size() {
        var mx = dataSource.getHikariPoolMXBean();
        return mx == null ? 0 : mx.getTotalConnections();
    }

    @Override
    public void close() {
        dataSource.close();
    }

    private static long seconds(long millis) {
        return Math.max(1, (millis + 999) / 1000);
    }
}
