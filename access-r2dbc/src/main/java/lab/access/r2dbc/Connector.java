package lab.access.r2dbc;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import io.netty.util.Timeout;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryMetadata;
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
        return bounded(open);
    }

    /** A connection of the driver's own, outside the pool ({@code KILL QUERY}), bounded as the pool's are. */
    Mono<Connection> createOutsidePool() {
        return bounded(Mono.from(driver.create()));
    }

    /**
     * {@code open} within {@code connectTimeoutMs}, on the lab's timer. The opening is not cancelled at
     * the limit but left to finish, and a connection that comes after it is closed when it comes:
     * r2dbc-mysql cancelled mid-login leaves the server's session open for good (behind a 2 s link the
     * portal's sessions grew from 80 to 99 in fault (d), one per {@code KILL QUERY} connection that came
     * late; {@code CancelTest.aCancelBehindASlowLinkLeavesNoConnection}). Reactor's dropped-value hook
     * did not see them: the driver emits nothing once cancelled.
     */
    private Mono<Connection> bounded(Mono<Connection> open) {
        return Mono.create(sink -> {
            AtomicBoolean settled = new AtomicBoolean();
            Timeout limit = Timeouts.after(connectTimeoutMs, () -> {
                if (settled.compareAndSet(false, true)) {
                    sink.error(new TimeoutException("no connection within " + connectTimeoutMs + " ms"));
                }
            });
            sink.onCancel(() -> settled.set(true)); // a caller gone: what comes later is closed too
            open.subscribe(c -> {
                limit.cancel();
                if (settled.compareAndSet(false, true)) {
                    sink.success(c);
                } else {
                    Mono.from(c.close()).onErrorComplete().subscribe();
                }
            }, e -> {
                limit.cancel();
                if (settled.compareAndSet(false, true)) {
                    sink.error(e);
                }
            });
        });
    }

    /** The MySQL thread id of a physical connection opened here, or null. */
    Long serverId(Connection physical) {
        return serverIds.get(physical);
    }

    @Override
    public ConnectionFactoryMetadata getMetadata() {
        return driver.getMetadata();
    }
}
