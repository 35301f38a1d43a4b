package lab.access.nonblocking;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.impl.SocketConnectionBase;
import io.vertx.sqlclient.internal.Connection;
import io.vertx.sqlclient.internal.SqlConnectionInternal;

/**
 * A connection in hand and, on MySQL, the server's id for it ({@code CONNECTION_ID()}), which
 * {@link ServerCancel} needs to stop a statement; {@code null} where it is not known or not needed.
 */
record Leased(SqlConnection connection, Future<Long> serverId) {

    /** Back to the pool. */
    void close() {
        connection.close();
    }

    /**
     * Closes the socket itself, so the pool drops the connection instead of lending it again:
     * for a connection that left a statement unanswered (a silent or broken link), whose next
     * answer could belong to that statement. Its pending statements fail at once, and the server
     * rolls back any transaction open on it. Vert.x has no public call for this ({@code close()}
     * on a pooled connection only returns it), hence the internal types.
     */
    void abandon() {
        Connection pooled = connection instanceof SqlConnectionInternal internal ? internal.unwrap() : null;
        Connection socket = pooled == null ? null : pooled.unwrap();
        if (socket instanceof SocketConnectionBase base) {
            base.socket().channelHandlerContext().channel().close();
        } else {
            connection.close();
        }
    }
}
