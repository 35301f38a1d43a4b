package lab.access.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/** Where a call gets its connection: a fresh one from the pool per call, or a session's pinned one. */
interface Lease {

    /** @param waitMs longest wait for a connection: what the caller's {@link lab.access.Deadline} leaves, less the margin to end the call, or {@code connectTimeout} without one */
    Connection acquire(long waitMs) throws SQLException;

    void release(Connection connection);
}
