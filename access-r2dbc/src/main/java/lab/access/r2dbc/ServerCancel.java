package lab.access.r2dbc;

import io.r2dbc.postgresql.api.PostgresqlConnection;
import io.r2dbc.spi.Connection;
import lab.access.SourceUrl;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Stops, on the server, the statement a timed-out call left running, so that the server does not
 * keep working for a caller that gave up: PostgreSQL's cancel request (the driver opens a
 * connection for it), or MySQL's {@code KILL QUERY id} over a second, short-lived connection (what
 * the JDBC drivers do for {@code setQueryTimeout}). Best effort: a server that does not answer will
 * not get it either; {@link R2dbcRunner} then closes the connection.
 */
final class ServerCancel {

    private final SourceUrl.Engine engine;
    private final Connector connector;

    ServerCancel(SourceUrl source, Connector connector) {
        this.engine = source.engine();
        this.connector = connector;
    }

    /** Fire and forget: runs on the timer's thread, which must not wait. */
    void cancel(Leased leased) {
        Mono<Void> sent = switch (engine) {
            case POSTGRESQL -> leased.physical instanceof PostgresqlConnection pg ? pg.cancelRequest() : Mono.empty();
            case MYSQL -> leased.serverId == null ? Mono.empty() : kill(leased.serverId);
        };
        sent.onErrorComplete().subscribe();
    }

    private Mono<Void> kill(long serverId) {
        return Mono.usingWhen(connector.createOutsidePool(),
                (Connection c) -> Flux.from(c.createStatement("KILL QUERY " + serverId).execute())
                        .concatMap(r -> r.getRowsUpdated()).then(),
                Connection::close);
    }
}
