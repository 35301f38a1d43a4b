package lab.microbench.thesis;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import lab.access.SourceUrl;
import lab.data.Sources;

/** The database {@code bench_thesis} on both local servers, and "the same small SELECT" every experiment runs. */
public final class ThesisDb {

    public static final String DATABASE = "bench_thesis";
    /** The thesis' small query: one row by primary key from a ten-row table. */
    public static final String QUERY = "SELECT id, name FROM item WHERE id = ?";
    public static final int ROWS = 10;

    private ThesisDb() {
    }

    /** MYSQL or POSTGRESQL, as in the JMH parameter {@code engine}. */
    public static SourceUrl url(String engine) {
        return switch (engine) {
            case "MYSQL" -> SourceUrl.parse(Sources.CONTACTS_MYSQL.url()).withDatabase(DATABASE);
            case "POSTGRESQL" -> SourceUrl.parse(Sources.CONTACTS_PG.url()).withDatabase(DATABASE);
            default -> throw new IllegalArgumentException("engine must be MYSQL or POSTGRESQL, not " + engine);
        };
    }

    /** Creates the database and its table {@code item} (id, name; ten rows) on both servers; idempotent. */
    public static void prepare() throws SQLException {
        SourceUrl mysql = url("MYSQL");
        try (Connection c = DriverManager.getConnection("jdbc:mysql://" + mysql.host() + ":" + mysql.port() + "/", mysql.user(),
                mysql.password()); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS " + DATABASE);
        }
        SourceUrl pg = url("POSTGRESQL");
        try (Connection c = connect(pg.withDatabase("postgres"));
             PreparedStatement exists = c.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            exists.setString(1, DATABASE);
            try (ResultSet rs = exists.executeQuery(); Statement s = c.createStatement()) {
                if (!rs.next()) {
                    s.execute("CREATE DATABASE " + DATABASE); // a name cannot be a parameter; DATABASE is a constant
                }
            }
        }
        createTable(mysql);
        createTable(pg);
    }

    /** The table {@code item} with its ten rows, on any server the benchmarks query (also the throw-away clusters). */
    public static void createTable(SourceUrl url) throws SQLException {
        try (Connection c = connect(url); Statement s = c.createStatement();
             PreparedStatement insert = c.prepareStatement("INSERT INTO item (id, name) VALUES (?, ?)")) {
            s.execute("CREATE TABLE IF NOT EXISTS item (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("DELETE FROM item");
            for (int i = 1; i <= ROWS; i++) {
                insert.setInt(1, i);
                insert.setString(2, "item " + i);
                insert.executeUpdate();
            }
        }
    }

    static Connection connect(SourceUrl url) throws SQLException {
        return DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
    }
}
