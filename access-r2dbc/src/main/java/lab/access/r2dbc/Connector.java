package lab.access.r2dbc;

import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryMetadata;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import io.netty.util.Timeout;
import lab.access.SourceUrl;
import lab.access.Timeouts;
import reactor.core.publisher.Mono;

/**
 * What the pool opens connections with: the driver's factory, each connection's whole opening
 * (TCP, TLS, login) bounded by {@code connectTimeout}, since the driver times the TCP connect only
 * and a server that accepts but never greets would hold a pool slot for good. The limit runs on
 * the lab's timer ({@link Timeouts}), not on Reactor's parallel scheduler. On MySQL the server's
 * id of each connection is read once here, for {@code KILL QUERY} ({@link ServerCancel}), and the
 * connection is lent {@link WithoutLifecycle}.
 */
final class Connector implements ConnectionFactory {

    private static final String ON_NEXT_DROPPED = "reactor.onNextDropped.local";
    private final ConnectionFactory driver;
    private final long connectTimeoutMs;
    private final boolean mysql;
    /** Per connection lent to the pool (weakly: a closed one's entry goes with it), its MySQL thread id. */
    private final Map<Connection, Long> serverIds = Collections.synchronizedMap(new WeakHashMap<>());

    Connector(ConnectionFactory driver, SourceUrl source, long connectTimeoutMs) {
        this.driver = driver;
        this.connectTimeoutMs = connectTimeoutMs;
        this.mysql = source.engine() == SourceUrl.Engine.MYSQL;
    }

    @Override
    public Mono<Connection> create() {
        Mono<Connection> open = Mono.from(driver.create());
        if (mysql) {
            // lent without the driver's Lifecycle: its give-back ping cost a round trip per call (see WithoutLifecycle)
            open = open.map(WithoutLifecycle::of).flatMap(c -> Mono.from(c.createStatement("SELECT CONNECTION_ID()").execute())
                    .flatMap(r -> Mono.from(r.map(row -> row.get(0, Long.class))))
                    .doOnNext(id -> serverIds.put(c, id))
                    .thenReturn(c)
                    .onErrorResume(e -> Mono.from(c.close()).onErrorComplete().then(Mono.error(e))));
        }
        // a connection that comes after the limit is closed, not leaked: Reactor hands it to this hook (as r2dbc-pool does)
        Consumer<Object> closeLate = late -> {
            if (late instanceof Connection c) {
                Mono.from(c.close()).subscribe();
            }
        };
        return open.timeout(limit()).contextWrite(ctx -> ctx.put(ON_NEXT_DROPPED, closeLate));
    }

    /** The driver's factory itself, for connections outside the pool ({@code KILL QUERY}). */
    ConnectionFactory driver() {
        return driver;
    }

    /** The MySQL thread id of a physical connection opened here, or null. */
    Long serverId(Connection physical) {
        return serverIds.get(physical);
    }

    /** A signal {@code connectTimeoutMs} from now on the lab's timer. */
    Mono<Void> limit() {
        return Mono.defer(() -> {
            CompletableFuture<Void> due = new CompletableFuture<>();
            Timeout timer = Timeouts.after(connectTimeoutMs, () -> due.completeExceptionally(new TimeoutException(
                    "no connection within " + connectTimeoutMs + " ms")));
            return Mono.fromFuture(due).doFinally(signal -> timer.cancel());
        });
    }

    @Override
    public ConnectionFactoryMetadata getMetadata() {
        return driver.getMetadata();
    }
}
