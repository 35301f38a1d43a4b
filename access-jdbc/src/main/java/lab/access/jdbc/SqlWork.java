package lab.access.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import lab.access.Deadline;

/** One statement (or transaction control) on a connection, ending by the caller's deadline. */
@FunctionalInterface
interface SqlWork<T> {

    T run(Connection connection, Deadline deadline) throws SQLException;
}
