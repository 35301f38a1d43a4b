package lab.access.r2dbc;

import io.netty.util.Timeout;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.pool.PoolMetrics;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.ValidationDepth;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.function.BiPredicate;
import lab.access.ClientOptions;
import lab.access.Deadline;
import lab.access.SourceUrl;
import lab.access.Timeouts;
import lab.access.spi.PoolGauges;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.netty.resources.LoopResources;
import reactor.pool.PooledRefMetadata;
import reactor.util.retry.Retry;

/**
 * r2dbc-pool for one source, at most {@code poolSize} connections, as every mode opens. Settings
 * that differ from r2dbc-pool's defaults, and why:
 * <ul>
 *   <li>{@code initialSize 0}: its default (10) would open connections beyond a smaller {@code poolSize}
 *   and before anyone asked; {@code warmUp()} opens them all when asked.</li>
 *   <li>no idle eviction ({@code maxIdleTime -1}, default 30 min): a warmed pool stays open, as
 *   HikariCP's {@code minimumIdle = maximumPoolSize} keeps it; a connection the server dropped is
 *   found at its next lease (LOCAL validation: is its socket open) and replaced. A connection
 *   lives 30 min at most ({@code maxLifeTime}, as HikariCP's {@code maxLifetime}).</li>
 *   <li>retries ({@code poolSize}) only for a lease that met a dead connection, so a server restart
 *   costs no call more than one lease; a refused or failed opening is not retried.</li>
 *   <li>connections opened on the leasing thread ({@code allocatorSubscribeOn immediate}): no
 *   Reactor {@code single} thread, and a connection's event loop is chosen by the loops alone.</li>
 *   <li>waiting for a connection is timed here, on the lab's timer ({@link #lease}), and the wait
 *   queue bounded; a broken connection ({@link Leased#broken}) is evicted on return, by an eviction
 *   predicate that keeps r2dbc-pool's idle and life time rules.</li>
 * </ul>
 */
final class R2dbcPool implements AutoCloseable {

    private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);
    private static final Duration NO_IDLE_EVICTION = Duration.ofMillis(-1);
    /** As HikariCP's default {@code maxLifetime} (the JDBC modes'). */
    private static final Duration MAX_LIFE = Duration.ofMinutes(30);
    /** r2dbc-pool's error when a pooled connection fails its validation at lease. */
    private static final String VALIDATION_FAILED = "Connection validation failed";
    private final ConnectionPool pool;
    private final Mono<Connection> acquire;
    private final String name;
    private final long queryTimeoutMs;
    private final Connector connector;
    private final long connectTimeoutMs;
    private final int maxSize;
    /** Physical connections to close instead of lending again (weakly: gone once closed). */
    private final Set<Connection> evicted = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));
    /** Lent now: reactor-pool closes only idle connections when disposed, so {@link #close} closes these itself. */
    private final Set<Leased> lent = ConcurrentHashMap.newKeySet();

    R2dbcPool(SourceUrl source, ClientOptions options, LoopResources loops) {
        this(source, options, loops, NO_IDLE_EVICTION, MAX_LIFE);
    }

    /** @param maxIdle how long an idle connection is kept (negative: for good); {@code maxLife} how long any is (the tests' short ones) */
    R2dbcPool(SourceUrl source, ClientOptions options, LoopResources loops, Duration maxIdle, Duration maxLife) {
        this.connectTimeoutMs = options.connectTimeout().toMillis();
        this.queryTimeoutMs = options.queryTimeout().toMillis();
        this.maxSize = options.poolSize();
        this.name = "r2dbc-" + source.address();
        this.connector = new Connector(Drivers.of(source, options, loops), source, connectTimeoutMs);
        int waiters = 2 * (options.poolSize() + options.queueBound()) + options.poolSize();
        BiPredicate<Connection, PooledRefMetadata> expired = expired(maxIdle, maxLife);
        this.pool = new ConnectionPool(ConnectionPoolConfiguration.builder(connector)
                .name(name)
                .initialSize(0)
                .maxSize(options.poolSize())
                .maxIdleTime(maxIdle)
                .maxLifeTime(maxLife)
                .allocatorSubscribeOn(Schedulers.immediate())
                .validationDepth(ValidationDepth.LOCAL)
                // replaces r2dbc-pool's own predicate (idle and life time), hence both in one
                .customizer(b -> b.evictionPredicate((connection, meta) -> evicted.contains(connection) || expired.test(connection, meta))
                        .maxPendingAcquire(waiters))
                .build());
        this.acquire = pool.create().retryWhen(Retry.max(options.poolSize()).filter(R2dbcPool::isDeadConnection));
    }

    /** r2dbc-pool's own rule for {@code maxIdleTime} and {@code maxLifeTime}: zero evicts at once, negative never. */
    private static BiPredicate<Connection, PooledRefMetadata> expired(Duration maxIdle, Duration maxLife) {
        return (connection, meta) -> maxIdle.isZero() || maxLife.isZero()
                || !maxIdle.isNegative() && meta.idleTime() >= maxIdle.toMillis()
                || !maxLife.isNegative() && meta.lifeTime() >= maxLife.toMillis();
    }

    /**
     * A pooled connection found dead at its lease (r2dbc-pool's validation failed: its socket is
     * closed), which the pool has dropped: the next one may be alive. A connection that could not be
     * opened (refused, login denied) is not retried: the server would be asked again at once.
     */
    private static boolean isDeadConnection(Throwable error) {
        return error instanceof R2dbcNonTransientResourceException && VALIDATION_FAILED.equals(error.getMessage());
    }

    /**
     * A connection, or a {@link TimeoutException} once the caller may wait no longer; failing the
     * returned future (the caller gave up: {@link R2dbcRunner}) takes the waiter out of the queue at
     * once. While every connection is open and lent, a wait is for a call to end, so a caller with a
     * deadline waits as long as its call may ({@code queryTimeout}, or less when the deadline comes
     * first), as {@code JdbcPool#borrow} does: with {@code connectTimeout} alone, portal-webflux at 78 ms and 200
     * connections failed pages in a map point (every source's contacts session holds its connection
     * for five round trips); otherwise (no deadline, or a connection missing: the server may be
     * down) {@code connectTimeout} at most.
     */
    CompletableFuture<Leased> lease(Deadline deadline) {
        long left = deadline.isSet() ? deadline.millisLeft(queryTimeoutMs) : connectTimeoutMs;
        long waitMs = Math.max(1, open() >= maxSize ? left : Math.min(left, connectTimeoutMs));
        CompletableFuture<Leased> leased = new CompletableFuture<>();
        Disposable waiting = acquire.subscribe(
                c -> {
                    Leased l = new Leased(c, connector);
                    lent.add(l);
                    if (!leased.complete(l)) {
                        giveBack(l).subscribe(); // came after the limit
                    }
                },
                leased::completeExceptionally);
        Timeout limit = Timeouts.after(waitMs, () -> leased.completeExceptionally(new TimeoutException("no connection within " + waitMs + " ms")));
        leased.whenComplete((l, e) -> {
            limit.cancel();
            if (e != null) {
                waiting.dispose(); // out of the queue, if still in it
            }
        });
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

    /**
     * r2dbc-pool's own counts as Spring Boot's {@code ConnectionPoolMetrics} names them
     * ({@code r2dbc.pool.*}, tagged {@code name}), for {@code MicrometerCallListener}.
     */
    PoolGauges gauges() {
        PoolMetrics m = pool.getMetrics().orElseThrow();
        return new PoolGauges(name, List.of(
                new PoolGauges.Gauge("r2dbc.pool.acquired", "Size of successfully acquired connections which are in active use.", m::acquiredSize),
                new PoolGauges.Gauge("r2dbc.pool.allocated", "Size of allocated connections in the pool which are in active use or idle.", m::allocatedSize),
                new PoolGauges.Gauge("r2dbc.pool.idle", "Size of idle connections in the pool.", m::idleSize),
                new PoolGauges.Gauge("r2dbc.pool.pending", "Size of pending to acquire connections from the underlying connection factory.", m::pendingAcquireSize),
                new PoolGauges.Gauge("r2dbc.pool.max.allocated", "Maximum size of allocated connections that this pool allows.", m::getMaxAllocatedSize),
                new PoolGauges.Gauge("r2dbc.pool.max.pending", "Maximum size of pending state to acquire connections that this pool allows.", m::getMaxPendingAcquireSize)));
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
