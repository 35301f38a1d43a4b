package lab.access.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/** Where a call gets its connection: a fresh one from the pool per call, or a session's pinned one. */
interface Lease {

    Connection acquire() throws SQLException;

    void release(Connection connection);
}
