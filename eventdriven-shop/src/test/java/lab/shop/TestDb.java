package lab.shop;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import lab.access.SourceUrl;
import lab.access.SourceUrl.Engine;

/** Plain JDBC on the test database, for expectations and set-up (never through the shop). */
final class TestDb {

    private TestDb() {
    }

    static Connection connect() throws SQLException {
        SourceUrl url = TestShops.database();
        String jdbc = url.jdbcUrl() + (url.engine() == Engine.MYSQL ? "?allowPublicKeyRetrieval=true&sslMode=DISABLED" : "");
        return DriverManager.getConnection(jdbc, url.user(), url.password());
    }

    /** Every row of a query, each as a list of column values. */
    static List<List<Object>> rows(String sql, Object... params) throws SQLException {
        try (Connection c = connect(); PreparedStatement st = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                st.setObject(i + 1, params[i]);
            }
            List<List<Object>> rows = new ArrayList<>();
            try (ResultSet rs = st.executeQuery()) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    List<Object> row = new ArrayList<>(columns);
                    for (int i = 1; i <= columns; i++) {
                        row.add(rs.getObject(i));
                    }
                    rows.add(row);
                }
            }
            return rows;
        }
    }

    static long number(String sql, Object... params) throws SQLException {
        return ((Number) rows(sql, params).get(0).get(0)).longValue();
    }

    static void update(String sql, Object... params) throws SQLException {
        try (Connection c = connect(); PreparedStatement st = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                st.setObject(i + 1, params[i]);
            }
            st.executeUpdate();
        }
    }

    /**
     * Holds an exclusive lock on the items table from a connection of its own, so that every
     * query of the shop that reads items waits for it: a slow database on demand.
     */
    static final class ItemsLock implements AutoCloseable {
        private final Connection connection;
        private final boolean mysql;

        ItemsLock() throws SQLException {
            connection = connect();
            mysql = TestShops.database().engine() == Engine.MYSQL;
            try (Statement st = connection.createStatement()) {
                if (mysql) {
                    st.execute("LOCK TABLES items WRITE");
                } else {
                    connection.setAutoCommit(false);
                    st.execute("LOCK TABLE items IN ACCESS EXCLUSIVE MODE");
                }
            }
        }

        @Override
        public void close() throws SQLException {
            try (connection; Statement st = connection.createStatement()) {
                if (mysql) {
                    st.execute("UNLOCK TABLES");
                } else {
                    connection.commit();
                }
            }
        }
    }
}
