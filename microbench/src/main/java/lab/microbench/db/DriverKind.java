package lab.microbench.db;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.Properties;
import lab.access.SourceUrl;
import lab.data.Sources;

/**
 * The three JDBC drivers under test, each bound to the server it talks to: the lab's contacts
 * source of its engine ({@code CONTACTS_MYSQL_URL}, {@code CONTACTS_PG_URL}), database
 * {@value #DATABASE} (the benchmarks never touch the named one).
 */
public enum DriverKind {
    MARIADB("mariadb", "org.mariadb.jdbc.Driver", false, "sslMode", "disable"),
    MYSQL("mysql", "com.mysql.cj.jdbc.Driver", false, "sslMode", "DISABLED"),
    POSTGRESQL("postgresql", "org.postgresql.Driver", true, "sslmode", "disable");

    /** This module's own database on both servers. */
    public static final String DATABASE = "bench_micro";

    public final String subProtocol;
    public final String driverClass;
    public final boolean postgres;
    private final String sslKey;
    private final String sslOff;

    DriverKind(String subProtocol, String driverClass, boolean postgres, String sslKey, String sslOff) {
        this.subProtocol = subProtocol;
        this.driverClass = driverClass;
        this.postgres = postgres;
        this.sslKey = sslKey;
        this.sslOff = sslOff;
    }

    /** The server this driver talks to, on {@value #DATABASE}. */
    public SourceUrl server() {
        return SourceUrl.parse((postgres ? Sources.CONTACTS_PG : Sources.CONTACTS_MYSQL).url()).withDatabase(DATABASE);
    }

    public String jdbcUrl() {
        return jdbcUrl(server());
    }

    /** {@code url} in this driver's sub-protocol ({@code jdbc:mariadb://...} for MariaDB Connector/J). */
    public String jdbcUrl(SourceUrl url) {
        return "jdbc:" + subProtocol + "://" + url.host() + ":" + url.port() + "/" + url.database();
    }

    /** user, password and plain TCP (both servers are local; TLS would only add noise). */
    public Properties baseProperties() {
        SourceUrl db = server();
        Properties p = new Properties();
        p.setProperty("user", db.user());
        p.setProperty("password", db.password());
        p.setProperty(sslKey, sslOff);
        return p;
    }

    /** Opens a connection to {@code bench_micro} without DriverManager (both MySQL-protocol drivers are on the class path). */
    public Connection connect(Properties extra) throws SQLException {
        return connect(jdbcUrl(), extra);
    }

    public Connection connect(String url, Properties extra) throws SQLException {
        Properties p = baseProperties();
        p.putAll(extra);
        Connection c = driver().connect(url, p);
        if (c == null) {
            throw new SQLException(driverClass + " does not accept " + url);
        }
        return c;
    }

    public Driver driver() {
        try {
            return (Driver) Class.forName(driverClass).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("JDBC driver " + driverClass + " not on the class path", e);
        }
    }

    public String sessionIdQuery() {
        return postgres ? "SELECT pg_backend_pid()" : "SELECT CONNECTION_ID()";
    }

    public String killStatement(long sessionId) {
        return postgres ? "SELECT pg_terminate_backend(" + sessionId + ")" : "KILL " + sessionId;
    }

    public String sessionAliveQuery(long sessionId) {
        return postgres ? "SELECT count(*) FROM pg_stat_activity WHERE pid = " + sessionId
                : "SELECT count(*) FROM information_schema.PROCESSLIST WHERE ID = " + sessionId;
    }
}
