package lab.access.r2dbc;

import io.r2dbc.postgresql.api.PostgresqlConnection;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Result;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import lab.access.SourceUrl;
import lab.access.Timeouts;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Stops, on the server, the statement a timed-out call left running, so that the server does not
 * keep working for a caller that gave up: PostgreSQL's cancel request (its protocol opens a
 * connection per cancel, no login), or MySQL's {@code KILL QUERY id} over one connection of its
 * own, outside the pool, opened on first need, reused, and closed after {@link #KILLER_IDLE_MS}
 * unused, as Vert.x's one-connection cancel pool. Best effort: a server that does not answer will
 * not get it either; {@link R2dbcRunner} then closes the connection.
 */
final class ServerCancel implements AutoCloseable {

    private static final long KILLER_IDLE_MS = 2_000;
    private final SourceUrl.Engine engine;
    private final Connector connector;
    /** MySQL: the cancel connection (cached: opened once for every cancel that asks while it is open), or null. */
    private final AtomicReference<Mono<Connection>> killer = new AtomicReference<>();
    private final AtomicLong kills = new AtomicLong();

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

    /** The driver queues statements on one connection, so cancels at once share it. */
    private Mono<Void> kill(long serverId) {
        Mono<Connection> connection = killer.updateAndGet(k -> k != null ? k : connector.createOutsidePool().cache());
        long kill = kills.incrementAndGet();
        return connection.flatMap(c -> Flux.from(c.createStatement("KILL QUERY ?").bind(0, serverId).execute())
                        .concatMap(Result::getRowsUpdated).then())
                .doOnError(e -> drop(connection)) // not opened, or lost: the next cancel opens another
                .doFinally(signal -> Timeouts.after(KILLER_IDLE_MS, () -> {
                    if (kills.get() == kill) {
                        drop(connection);
                    }
                }));
    }

    private void drop(Mono<Connection> connection) {
        if (killer.compareAndSet(connection, null)) {
            connection.flatMap(c -> Mono.from(c.close())).onErrorComplete().subscribe();
        }
    }

    /** Closes the cancel connection, if one is open. */
    @Override
    public void close() {
        Mono<Connection> connection = killer.get();
        if (connection != null) {
            drop(connection);
        }
    }
}
