package lab.access.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/** One statement (or transaction control) on a connection. */
@FunctionalInterface
interface SqlWork<T> {

    T run(Connection connection) throws SQLException;
}
