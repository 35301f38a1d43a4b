package lab.microbench.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import lab.access.SourceUrl;

/**
 * Creates this module's own database {@code bench_micro} on both servers and the objects the
 * experiments use. Idempotent; never touches the project's other databases.
 */
public final class BenchSchema {

    public static final String MYSQL_INSERT_TABLE = "blackhole_table";
    public static final String PG_INSERT_TABLE = "insert_table";

    private BenchSchema() {
    }

    /** Prepares MariaDB; returns the storage engine of the single-insert table (BLACKHOLE where available). */
    public static String prepareMysql() throws SQLException {
        SourceUrl db = DriverKind.MARIADB.server();
        try (Connection c = DriverKind.MARIADB.connect(DriverKind.MARIADB.jdbcUrl(db.withDatabase("")), new Properties());
             Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS " + DriverKind.DATABASE);
            s.execute("USE " + DriverKind.DATABASE);
            String engine = hasBlackhole(s) ? "BLACKHOLE" : "InnoDB";
            s.execute("CREATE TABLE IF NOT EXISTS " + MYSQL_INSERT_TABLE
                    + " (charValue VARCHAR(100) NOT NULL) ENGINE=" + engine);
            s.execute("CREATE TABLE IF NOT EXISTS item (file_name VARCHAR(100) NOT NULL, user_guid VARCHAR(50) NOT NULL,"
                    + " media_type VARCHAR(16) NOT NULL, date_created DATETIME NOT NULL,"
                    + " date_updated TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, PRIMARY KEY (file_name)) ENGINE=InnoDB");
            s.execute("CREATE OR REPLACE PROCEDURE inoutParam(INOUT p1 INT) BEGIN SET p1 = p1 + 1; END");
            return tableEngine(c);
        }
    }

    public static void preparePostgres() throws SQLException {
        SourceUrl db = DriverKind.POSTGRESQL.server();
        try (Connection c = DriverKind.POSTGRESQL.connect(DriverKind.POSTGRESQL.jdbcUrl(db.withDatabase("postgres")), new Properties());
             PreparedStatement exists = c.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            exists.setString(1, DriverKind.DATABASE);
            try (ResultSet rs = exists.executeQuery(); Statement s = c.createStatement()) {
                if (!rs.next()) {
                    s.execute("CREATE DATABASE " + DriverKind.DATABASE);
                }
            }
        }
        try (Connection c = DriverKind.POSTGRESQL.connect(new Properties()); Statement s = c.createStatement()) {
            s.execute("CREATE UNLOGGED TABLE IF NOT EXISTS " + PG_INSERT_TABLE + " (charValue VARCHAR(100) NOT NULL)");
            s.execute("CREATE OR REPLACE FUNCTION inout_param(INOUT p1 INT) AS $$ BEGIN p1 := p1 + 1; END $$ LANGUAGE plpgsql");
        }
    }

    private static boolean hasBlackhole(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT SUPPORT FROM information_schema.ENGINES WHERE ENGINE = 'BLACKHOLE'")) {
            return rs.next() && !"NO".equalsIgnoreCase(rs.getString(1));
        }
    }

    private static String tableEngine(Connection c) throws SQLException {
        try (PreparedStatement q = c.prepareStatement(
                "SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?")) {
            q.setString(1, DriverKind.DATABASE);
            q.setString(2, MYSQL_INSERT_TABLE);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next() ? rs.getString(1) : "unknown";
            }
        }
    }
}
