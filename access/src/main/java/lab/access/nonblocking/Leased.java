package lab.access.nonblocking;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;

/**
 * A connection in hand and, on MySQL, the server's id for it ({@code CONNECTION_ID()}), which
 * {@link ServerCancel} needs to stop a statement; {@code null} where it is not known or not needed.
 */
record Leased(SqlConnection connection, Future<Long> serverId) {

    void close() {
        connection.close();
    }
}
