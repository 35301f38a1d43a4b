package lab.access.nonblocking;

import io.vertx.core.Future;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import lab.access.SourceUrl;

/**
 * Stops, on the server, the statement a timed-out call left running, so that the server does
 * not keep working for a caller that gave up: PostgreSQL's cancel request, or MySQL's
 * {@code KILL QUERY id} over a second, short-lived connection (what the JDBC drivers do for
 * {@code setQueryTimeout}). Best effort: a server that does not answer will not get it either,
 * and the read-idle timeout closes that connection instead.
 */
final class ServerCancel {

    private final SourceUrl.Engine engine;
    private final Pool killer;

    /** @param killer MySQL: a pool of one short-lived connection for {@code KILL QUERY}; unused on PostgreSQL */
    ServerCancel(SourceUrl source, Pool killer) {
        this.engine = source.engine();
        this.killer = killer;
    }

    /** Asks the server for the id {@link #cancel} needs (MySQL only; pipelined, so it costs no round trip of its own). */
    Future<Long> serverId(SqlConnection connection) {
        if (engine != SourceUrl.Engine.MYSQL) {
            return Future.succeededFuture(null);
        }
        return connection.query("SELECT CONNECTION_ID() AS id").execute().map(rows -> {
            Row row = rows.iterator().next();
            return row.getLong(0);
        });
    }

    void cancel(Leased leased) {
        switch (engine) {
            case POSTGRESQL -> PgConnection.cast(leased.connection()).cancelRequest();
            case MYSQL -> {
                if (leased.serverId() != null) {
                    leased.serverId().onSuccess(this::kill);
                }
            }
        }
    }

    private void kill(Long id) {
        if (id == null) {
            return;
        }
        killer.preparedQuery("KILL QUERY ?").execute(Tuple.of(id));
    }
}
