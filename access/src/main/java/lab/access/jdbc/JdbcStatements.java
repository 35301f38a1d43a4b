package lab.access.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import lab.access.Rows;

/** Runs one parameterised statement on a JDBC connection and copies the result into {@link Rows}. */
final class JdbcStatements {

    private JdbcStatements() {
    }

    static Rows query(Connection connection, String sql, List<?> params) throws SQLException {
        try (PreparedStatement statement = prepare(connection, sql, params);
             ResultSet resultSet = statement.executeQuery()) {
            return copy(resultSet);
        }
    }

    static long update(Connection connection, String sql, List<?> params) throws SQLException {
        try (PreparedStatement statement = prepare(connection, sql, params)) {
            return statement.executeLargeUpdate();
        }
    }

    private static PreparedStatement prepare(Connection connection, String sql, List<?> params) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        try {
            for (int i = 0; i < params.size(); i++) {
                // setObject binds LocalDateTime, BigDecimal, Long, … natively (JDBC 4.2)
                statement.setObject(i + 1, params.get(i));
            }
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    private static Rows copy(ResultSet resultSet) throws SQLException {
        ResultSetMetaData meta = resultSet.getMetaData();
        int width = meta.getColumnCount();
        List<String> labels = new ArrayList<>(width);
        for (int i = 1; i <= width; i++) {
            labels.add(meta.getColumnLabel(i));
        }
        Rows.Builder rows = new Rows.Builder(labels);
        while (resultSet.next()) {
            Object[] values = new Object[width];
            for (int i = 0; i < width; i++) {
                values[i] = resultSet.getObject(i + 1);
            }
            rows.add(values);
        }
        return rows.build();
    }
}
