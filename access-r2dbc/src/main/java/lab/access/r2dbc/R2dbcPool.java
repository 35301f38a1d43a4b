package lab.access.r2dbc;

import io.netty.util.Timeout;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.pool.PoolMetrics;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ValidationDepth;
import java.time.Duration;
import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import lab.access.ClientOptions;
import lab.access.Deadline;
import lab.access.SourceUrl;
import lab.access.Timeouts;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.netty.resources.LoopResources;

/**
 * r2dbc-pool for one source, at most {@code poolSize} connections, as every mode opens. Settings
 * that differ from r2dbc-pool's defaults, and why:
 * <ul>
 *   <li>{@code initialSize 0}: its default (10) would open connections beyond a smaller {@code poolSize}
 *   and before anyone asked; {@code warmUp()} opens them all when asked.</li>
 *   <li>no idle eviction ({@code maxIdleTime -1}, default 30 min): a warmed pool stays open, as
 *   HikariCP's {@code minimumIdle = maximumPoolSize} keeps it; a connection the server dropped is
 *   found at its next lease (LOCAL validation: is its socket open) and replaced.</li>
 *   <li>{@code acquireRetry poolSize}: a lease that meets dead connections tries the next, so a
 *   server restart costs no call more than one lease.</li>
 *   <li>connections opened on the leasing thread ({@code allocatorSubscribeOn immediate}): no
 *   Reactor {@code single} thread, and a connection's event loop is chosen by the loops alone.</li>
 *   <li>waiting for a connection is timed here, on the lab's timer ({@link #lease}), and the wait
 *   queue bounded; a broken connection ({@link Leased#broken}) is evicted on return.</li>
 * </ul>
 */
final class R2dbcPool implements AutoCloseable {

    private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);
    private final ConnectionPool pool;
    private final Connector connector;
    private final long connectTimeoutMs;
    private final int maxSize;
    /** Physical connections to close instead of lending again (weakly: gone once closed). */
    private final Set<Connection> evicted = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));
    /** Lent now: reactor-pool closes only idle connections when disposed, so {@link #close} closes these itself. */
    private final Set<Leased> lent = ConcurrentHashMap.newKeySet();

    R2dbcPool(SourceUrl source, ClientOptions options, LoopResources loops) {
        this.connectTimeoutMs = options.connectTimeout().toMillis();
        this.maxSize = options.poolSize();
        this.connector = new Connector(Drivers.of(source, options, loops), source, connectTimeoutMs);
        int waiters = 2 * (options.poolSize() + options.queueBound()) + options.poolSize();
        this.pool = new ConnectionPool(ConnectionPoolConfiguration.builder(connector)
                .name("r2dbc-" + source.address())
                .initialSize(0)
                .maxSize(options.poolSize())
                .maxIdleTime(Duration.ofMillis(-1))
                .acquireRetry(options.poolSize())
                .allocatorSubscribeOn(Schedulers.immediate())
                .validationDepth(ValidationDepth.LOCAL)
                .customizer(b -> b.evictionPredicate((connection, meta) -> evicted.contains(connection)).maxPendingAcquire(waiters))
                .build());
    }

    /**
     * A connection, or a {@link TimeoutException} once the caller may wait no longer (the waiter leaves
     * the queue). While every connection is open and lent, a wait is for a call to end, so it lasts as
     * long as the caller's deadline leaves, as {@code JdbcPool#borrow} does: with {@code connectTimeout}
     * alone, portal-webflux at 78 ms and 200 connections failed 660 pages in a map point (every source's
     * contacts session holds its connection for five round trips); otherwise (a connection missing:
     * the server may be down) {@code connectTimeout} at most.
     */
    CompletableFuture<Leased> lease(Deadline deadline) {
        long left = deadline.isSet() ? Math.max(1, deadline.millisLeft(Long.MAX_VALUE)) : connectTimeoutMs;
        long waitMs = open() >= maxSize ? left : Math.min(left, connectTimeoutMs);
        CompletableFuture<Leased> leased = new CompletableFuture<>();
        Disposable waiting = pool.create().subscribe(
                c -> {
                    Leased l = new Leased(c, connector);
                    lent.add(l);
                    if (!leased.complete(l)) {
                        giveBack(l).subscribe(); // came after the limit
                    }
                },
                leased::completeExceptionally);
        Timeout limit = Timeouts.after(waitMs, () -> {
            if (leased.completeExceptionally(new TimeoutException("no connection within " + waitMs + " ms"))) {
                waiting.dispose();
            }
        });
        leased.whenComplete((l, e) -> limit.cancel());
        return leased;
    }

    /** Back to the pool; a broken connection is closed first and evicted rather than lent again. */
    Mono<Void> giveBack(Leased leased) {
        if (!leased.takeBack()) {
            return Mono.empty();
        }
        lent.remove(leased);
        Mono<Void> release = Mono.defer(() -> Mono.from(leased.pooled.close())).onErrorComplete();
        if (leased.broken()) {
            evicted.add(leased.physical);
            leased.abandon();
            release.subscribe(); // closing may wait for a silent server (MySQL's QUIT): nobody waits for it
            return Mono.empty();
        }
        return release;
    }

    /** The driver's factory: {@code KILL QUERY} goes over a connection of its own, outside the pool. */
    Connector connector() {
        return connector;
    }

    /** Connections open now (lent or idle), for {@code access.pool.open}. */
    int open() {
        return pool.getMetrics().map(PoolMetrics::allocatedSize).orElse(0);
    }

    /** Closes every connection, lent ones included; waits (bounded) unless on an event loop. */
    @Override
    public void close() {
        lent.forEach(Leased::abandon); // open sessions' connections: the server rolls their transactions back
        Mono<Void> closing = pool.disposeLater().onErrorComplete();
        if (Schedulers.isInNonBlockingThread()) {
            closing.subscribe();
        } else {
            closing.block(CLOSE_WAIT);
        }
    }
}
