package lab.seed.load;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import lab.access.SourceUrl;
import lab.seed.SeedException;

/** Creates and drops whole databases; tests use throw-away ones named {@code bench_*}. */
public final class Databases {

    private static final String INSUFFICIENT_PRIVILEGE = "42501";
    private static final int DROP_ATTEMPTS = 2;

    private Databases() {
    }

    public static void recreate(SourceUrl url) {
        drop(url);
        admin(url, "CREATE DATABASE " + quoted(url));
    }

    public static void drop(SourceUrl url) {
        String plain = "DROP DATABASE IF EXISTS " + quoted(url);
        if (url.engine() != SourceUrl.Engine.POSTGRESQL) {
            admin(url, plain);
            return;
        }
        // FORCE ends the lab's own leftover sessions, but PostgreSQL 15 refuses it while an autovacuum
        // worker (a process of no role) is in the database, right after a load; a plain DROP stops that
        // worker itself (and waits at most 5 s for other sessions). Bounded: about 11 s at worst.
        String force = plain + " WITH (FORCE)";
        for (int attempt = 1; ; attempt++) {
            try {
                execute(url, force);
                return;
            } catch (SQLException e) {
                if (!INSUFFICIENT_PRIVILEGE.equals(e.getSQLState()) || attempt == DROP_ATTEMPTS) {
                    throw failed(url, force, e);
                }
            }
            try {
                execute(url, plain);
                return;
            } catch (SQLException stillInUse) {
                pause(); // then FORCE again, which ends the lab's sessions or reports why not
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SeedException("interrupted while dropping a database");
        }
    }

    public static boolean exists(SourceUrl url) {
        String sql = url.engine() == SourceUrl.Engine.POSTGRESQL
                ? "SELECT 1 FROM pg_database WHERE datname = '" + checkedName(url) + "'"
                : "SELECT 1 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '" + checkedName(url) + "'";
        try (Connection c = adminConnection(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.next();
        } catch (SQLException e) {
            throw new SeedException("cannot inspect databases on " + url.host() + ":" + url.port() + ": " + e.getMessage());
        }
    }

    private static void admin(SourceUrl url, String sql) {
        try {
            execute(url, sql);
        } catch (SQLException e) {
            throw failed(url, sql, e);
        }
    }

    private static void execute(SourceUrl url, String sql) throws SQLException {
        try (Connection c = adminConnection(url); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static SeedException failed(SourceUrl url, String sql, SQLException e) {
        return new SeedException("'" + sql + "' failed on " + url.host() + ":" + url.port() + ": " + e.getMessage());
    }

    /** A connection to the server's maintenance database, so the target itself may be missing. */
    private static Connection adminConnection(SourceUrl url) throws SQLException {
        SourceUrl maintenance = url.withDatabase(url.engine() == SourceUrl.Engine.POSTGRESQL ? "postgres" : "");
        String jdbc = url.engine() == SourceUrl.Engine.POSTGRESQL
                ? maintenance.jdbcUrl() + "?connectTimeout=5"
                : "jdbc:mysql://" + url.host() + ":" + url.port() + "/?connectTimeout=5000";
        return DriverManager.getConnection(jdbc, Dialect.login(url));
    }

    /** Database names are identifiers, not parameters: accept only plain ones. */
    private static String checkedName(SourceUrl url) {
        if (!url.database().matches("[A-Za-z0-9_]+")) {
            throw new SeedException("refusing database name '" + url.database() + "': letters, digits and _ only", 2);
        }
        return url.database();
    }

    private static String quoted(SourceUrl url) {
        String name = checkedName(url);
        return url.engine() == SourceUrl.Engine.POSTGRESQL ? "\"" + name + "\"" : "`" + name + "`";
    }
}
