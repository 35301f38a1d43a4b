package lab.access;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import lab.access.SourceUrl.Engine;
import lab.data.Sources;

/**
 * The tests' own database {@code bench_access} on the real local servers (URLs from
 * CONTACTS_MYSQL_URL / CONTACTS_PG_URL, database swapped). Setup and checks use plain JDBC.
 */
final class TestDb {

    static final String DATABASE = "bench_access";
    private static final Set<Engine> READY = EnumSet.noneOf(Engine.class);

    private TestDb() {
    }

    /** bench_access on the engine's server, created on first use. */
    static SourceUrl url(Engine engine) {
        try {
            ensureDatabase(engine);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create " + DATABASE + " on " + base(engine) + ": " + e.getMessage(), e);
        }
        return base(engine).withDatabase(DATABASE);
    }

    static SourceUrl base(Engine engine) {
        return switch (engine) {
            case MYSQL -> SourceUrl.parse(Sources.CONTACTS_MYSQL.url());
            case POSTGRESQL -> SourceUrl.parse(Sources.CONTACTS_PG.url());
        };
    }

    /** Options small enough for a 2-core machine and short enough for a quick suite. */
    static ClientOptions options() {
        return ClientOptions.defaults()
                .withPoolSize(4)
                .withExecutorThreads(8)
                .withQueueBound(500)
                .withEventLoops(2)
                .withConnectTimeout(Duration.ofSeconds(2))
                .withQueryTimeout(Duration.ofSeconds(5));
    }

    private static synchronized void ensureDatabase(Engine engine) throws SQLException {
        if (READY.contains(engine)) {
            return;
        }
        try (Connection admin = admin(engine); Statement st = admin.createStatement()) {
            if (engine == Engine.MYSQL) {
                st.execute("CREATE DATABASE IF NOT EXISTS " + DATABASE);
            } else {
                try (ResultSet rs = st.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'")) {
                    if (!rs.next()) {
                        st.execute("CREATE DATABASE " + DATABASE);
                    }
                }
            }
        }
        READY.add(engine);
    }

    /** Runs DDL/DML statements on bench_access through a plain JDBC connection. */
    static void execute(Engine engine, String... statements) throws SQLException {
        try (Connection c = direct(engine); Statement st = c.createStatement()) {
            for (String sql : statements) {
                st.execute(sql);
            }
        }
    }

    static long count(Engine engine, String sql) throws SQLException {
        try (Connection c = direct(engine); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Connections the server sees on bench_access, seen from a connection to another database. */
    static long serverConnections(Engine engine) throws SQLException {
        String sql = engine == Engine.MYSQL
                ? "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = 'bench' AND DB = '" + DATABASE + "'"
                : "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = '" + DATABASE + "'";
        try (Connection c = admin(engine); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Waits up to {@code timeout} for no server connections on bench_access; returns the last count. */
    static long awaitNoServerConnections(Engine engine, Duration timeout) throws Exception {
        return awaitServerConnectionsAtMost(engine, 0, timeout);
    }

    /** Waits up to {@code timeout} for at most {@code atMost} server connections on bench_access; returns the last count. */
    static long awaitServerConnectionsAtMost(Engine engine, long atMost, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        long n = serverConnections(engine);
        while (n > atMost && System.nanoTime() < deadline) {
            Thread.sleep(50);
            n = serverConnections(engine);
        }
        return n;
    }

    static Connection direct(Engine engine) throws SQLException {
        return connect(url(engine));
    }

    /** MySQL: no default database; PostgreSQL: the {@code postgres} database. */
    private static Connection admin(Engine engine) throws SQLException {
        SourceUrl base = base(engine);
        String jdbc = engine == Engine.MYSQL
                ? "jdbc:mysql://" + base.host() + ":" + base.port() + "/?allowPublicKeyRetrieval=true&sslMode=DISABLED"
                : base.withDatabase("postgres").jdbcUrl();
        return DriverManager.getConnection(jdbc, base.user(), base.password());
    }

    private static Connection connect(SourceUrl url) throws SQLException {
        String jdbc = url.jdbcUrl() + (url.engine() == Engine.MYSQL ? "?allowPublicKeyRetrieval=true&sslMode=DISABLED" : "");
        return DriverManager.getConnection(jdbc, url.user(), url.password());
    }
}
