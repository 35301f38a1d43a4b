package lab.seed.load;

import com.mysql.cj.jdbc.JdbcStatement;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.stream.Collectors;
import lab.access.DbTls;
import lab.access.SourceUrl;
import lab.seed.data.Table;
import org.postgresql.PGConnection;

/** What differs between the engines when loading and checking: bulk load, checksum SQL, JDBC flags. */
public enum Dialect {
    MYSQL("mysql", "?allowLoadLocalInfile=true&connectTimeout=5000") {
        @Override
        void bulkLoad(Connection c, Table t, byte[] text) throws SQLException {
            try (Statement s = c.createStatement()) {
                // The driver streams this input instead of reading a file: LOCAL INFILE never touches disk.
                s.unwrap(JdbcStatement.class).setLocalInfileInputStream(new ByteArrayInputStream(text));
                s.execute("LOAD DATA LOCAL INFILE 'generated' INTO TABLE " + t.table + " CHARACTER SET utf8mb4"
                        + " FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' ("
                        + String.join(", ", t.columns) + ")");
            }
        }

        @Override
        void prepareSession(Connection c) throws SQLException {
            try (Statement s = c.createStatement()) {
                s.execute("SET SESSION unique_checks = 0, foreign_key_checks = 0");
            }
        }

        @Override
        String checksumSql(Table t) {
            return "SELECT COUNT(*), COALESCE(SUM(CAST(CONV(SUBSTRING(MD5(CONCAT_WS('|', "
                    + String.join(", ", t.columns) + ")), 1, 8), 16, 10) AS UNSIGNED)), 0) FROM " + t.table;
        }
    },
    POSTGRESQL("postgresql", "?connectTimeout=5") {
        @Override
        void bulkLoad(Connection c, Table t, byte[] text) throws SQLException {
            try {
                c.unwrap(PGConnection.class).getCopyAPI().copyIn(
                        "COPY " + t.table + " (" + String.join(", ", t.columns) + ") FROM STDIN", new ByteArrayInputStream(text));
            } catch (IOException e) {
                throw new SQLException("COPY into " + t.table + " failed: " + e.getMessage(), e);
            }
        }

        @Override
        void prepareSession(Connection c) throws SQLException {
            try (Statement s = c.createStatement()) {
                s.execute("SET synchronous_commit = off");
            }
        }

        @Override
        String checksumSql(Table t) {
            String joined = t.columns.stream().map(col -> col + "::text").collect(Collectors.joining(", "));
            return "SELECT COUNT(*), COALESCE(SUM(('x' || lpad(substr(md5(concat_ws('|', " + joined
                    + ")), 1, 8), 16, '0'))::bit(64)::bigint), 0) FROM " + t.table;
        }
    };

    /** Folder of the schema files. */
    public final String schemaDir;
    private final String jdbcFlags;

    Dialect(String schemaDir, String jdbcFlags) {
        this.schemaDir = schemaDir;
        this.jdbcFlags = jdbcFlags;
    }

    abstract void bulkLoad(Connection c, Table t, byte[] text) throws SQLException;

    /** Session settings that speed up a bulk load without weakening what ends up stored. */
    abstract void prepareSession(Connection c) throws SQLException;

    /** One row: row count and the sum of the row checksums of {@link Chunk}. */
    abstract String checksumSql(Table t);

    String jdbcUrl(SourceUrl url) {
        return url.jdbcUrl() + jdbcFlags;
    }

    /** The user, the password and TLS as the instances have it ({@link DbTls#fromEnv()}: off unless LAB_DB_TLS_CA is set). */
    static Properties login(SourceUrl url) {
        Properties p = DbTls.fromEnv().jdbcProperties(url.engine());
        p.setProperty("user", url.user());
        p.setProperty("password", url.password());
        return p;
    }

    public static Dialect of(SourceUrl url) {
        return switch (url.engine()) {
            case MYSQL -> MYSQL;
            case POSTGRESQL -> POSTGRESQL;
        };
    }
}
