package lab.access.nonblocking;

import io.netty.channel.Channel;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.impl.SocketConnectionBase;
import io.vertx.sqlclient.internal.Connection;
import io.vertx.sqlclient.internal.SqlConnectionInternal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A connection in hand and, on MySQL, the server's id for it ({@code CONNECTION_ID()}), which
 * {@link ServerCancel} needs to stop a statement; {@code null} where it is not known or not needed.
 * The only file of the lab that touches Vert.x internals ({@link #socket}, {@link #physical}).
 */
record Leased(SqlConnection connection, Future<Long> serverId) {

    private static final Logger LOG = LoggerFactory.getLogger(Leased.class);

    /** Back to the pool. */
    void close() {
        connection.close();
    }

    /**
     * Closes the socket itself, so the pool drops the connection instead of lending it again:
     * for a connection that left a statement unanswered (a silent or broken link), whose next
     * answer could belong to that statement. Its pending statements fail at once, and the server
     * rolls back any transaction open on it. Falls back to {@code close()} (back to the pool,
     * where the read-idle timeout ends it later) and logs it, when {@link #socket} finds no socket.
     */
    void abandon() {
        Channel socket = socket(connection);
        if (socket != null) {
            socket.close();
            return;
        }
        LOG.warn("cannot close the socket of a broken pooled connection ({}): it goes back to the pool until its read-idle "
                + "timeout; Vert.x internals changed (eclipse-vertx/vert.x #4680)", connection.getClass().getName());
        connection.close();
    }

    /**
     * The socket under a pooled connection, or null. Vert.x has no public way to evict one pooled
     * connection (eclipse-vertx/vert.x #4680, open): {@code close()} on it only returns it to the
     * pool. The public alternatives do not do the job here: a connection opened outside the pool
     * would neither be bounded by {@code poolSize} nor shared as a pipelined lane, and the
     * read-idle timeout ends a dead connection only after {@code queryTimeout + connectTimeout}.
     * Hence the internal types, in this one method; {@code LeasedTest} fails when an upgrade breaks it.
     */
    static Channel socket(SqlConnection connection) {
        return physical(connection) instanceof SocketConnectionBase base ? base.socket().channelHandlerContext().channel() : null;
    }

    /**
     * The physical connection under a pooled one, the same object on every lease of it (what
     * {@link ServerCancel} keeps a MySQL connection's id by); null where the route is gone.
     */
    static Object physical(SqlConnection connection) {
        Connection pooled = connection instanceof SqlConnectionInternal internal ? internal.unwrap() : null;
        return pooled == null ? null : pooled.unwrap();
    }
}
