package lab.access.nonblocking;

import io.vertx.core.Future;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
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
    /** Per physical connection (weakly: a closed connection's entry goes with it), its server id. */
    private final Map<Object, Long> ids = Collections.synchronizedMap(new WeakHashMap<>());

    /** @param killer MySQL: a pool of one short-lived connection for {@code KILL QUERY}; unused on PostgreSQL */
    ServerCancel(SourceUrl source, Pool killer) {
        this.engine = source.engine();
        this.killer = killer;
    }

    /**
     * The id {@link #cancel} needs (MySQL only), asked once per physical connection: on its first
     * lease, pipelined ahead of the first statement. Asked on every lease, it cost a session without
     * pipelining a whole round trip each time (Figures 4.1–4.3: the unpipelined MySQL loop took 3 round
     * trips for 2 queries at 78 ms), and the server one statement more per session.
     */
    Future<Long> serverId(SqlConnection connection) {
        if (engine != SourceUrl.Engine.MYSQL) {
            return Future.succeededFuture(null);
        }
        Object physical = Leased.physical(connection);
        Long known = physical == null ? null : ids.get(physical);
        if (known != null) {
            return Future.succeededFuture(known);
        }
        return connection.query("SELECT CONNECTION_ID() AS id").execute().map(rows -> {
            Row row = rows.iterator().next();
            long id = row.getLong(0);
            if (physical != null) {
                ids.put(physical, id);
            }
            return id;
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
