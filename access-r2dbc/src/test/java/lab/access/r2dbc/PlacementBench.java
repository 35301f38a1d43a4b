package lab.access.r2dbc;

import io.r2dbc.spi.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import lab.access.ClientOptions;
import lab.access.SourceUrl;
import lab.data.Sources;
import reactor.netty.resources.LoopResources;

/**
 * Where the pool's connections land, and what it costs (README, "Event loops"): single-row
 * primary-key SELECTs from concurrent callers on a pool, on Reactor Netty loops that colocate, on
 * loops that do not, and on the engine's ({@link Loops}). The callers run on the loops, as WebFlux
 * handlers do, so the pool opens its connections from an event loop: the case of r2dbc-pool #190.
 * Prints one line per run, with the threads that carried the connections; no assertion (a timing
 * on a shared 2-core machine decides nothing).
 *
 * <pre>java -cp … lab.access.r2dbc.PlacementBench [queries=20000] [callers=200] [pool=20] [rounds=3] [eventLoops=0: one per core]</pre>
 */
public final class PlacementBench {

    private static final int ROWS = 1_000;

    /** Reactor Netty's default placement, colocation off, and the engine's loops (colocation off, one {@code next()} per connection). */
    enum Loops {
        COLOCATED(true, false), NOT_COLOCATED(false, false), ENGINE(false, true);

        final boolean colocate;
        final boolean roundRobin;

        Loops(boolean colocate, boolean roundRobin) {
            this.colocate = colocate;
            this.roundRobin = roundRobin;
        }
    }

    public static void main(String[] args) throws Exception {
        int queries = arg(args, 0, 20_000);
        int callers = arg(args, 1, 200);
        int poolSize = arg(args, 2, 20);
        int rounds = arg(args, 3, 3);
        int eventLoops = arg(args, 4, 0);
        for (int round = 1; round <= rounds; round++) {
            for (SourceUrl.Engine engine : SourceUrl.Engine.values()) {
                for (Loops loops : Loops.values()) {
                    run(round, engine, loops, queries, callers, poolSize, eventLoops);
                }
            }
        }
        System.exit(0);
    }

    private static void run(int round, SourceUrl.Engine engine, Loops placement, int queries, int callers, int poolSize,
                            int eventLoops) throws Exception {
        SourceUrl source = SourceUrl.parse(engine == SourceUrl.Engine.MYSQL ? Sources.CONTACTS_MYSQL.url() : Sources.CONTACTS_PG.url())
                .withDatabase("bench_access");
        ClientOptions options = ClientOptions.defaults().withPoolSize(poolSize).withConnectTimeout(Duration.ofSeconds(5));
        LoopResources loops = SharedLoops.create(eventLoops, placement.colocate, placement.roundRobin);
        R2dbcPool pool = new R2dbcPool(source, options, loops);
        R2dbcStatements statements = new R2dbcStatements(source);
        try {
            seed(pool, statements, engine);
            Map<Connection, String> carriers = new ConcurrentHashMap<>();
            // opening the pool from the loops, then the measured run on the connections it opened
            load(pool, statements, loops, callers, callers * 5, carriers);
            carriers.clear();
            long t0 = System.nanoTime();
            load(pool, statements, loops, callers, queries, carriers);
            double seconds = (System.nanoTime() - t0) / 1e9;
            Map<String, Integer> perThread = new TreeMap<>();
            carriers.values().forEach(t -> perThread.merge(t, 1, Integer::sum));
            System.out.printf("PLACEMENT round=%d %s loops=%s queries=%d callers=%d pool=%d connections=%d qps=%.0f"
                            + " threads=%d %s loadavg=%s%n", round, engine.scheme, placement.name().toLowerCase(java.util.Locale.ROOT), queries, callers, poolSize, pool.open(),
                    queries / seconds, perThread.size(), perThread, loadavg());
        } finally {
            pool.close();
            SharedLoops.stop(loops);
        }
    }

    /** {@code callers} chains of SELECTs, each chain's next issued where the last answer came: on an event loop. */
    private static void load(R2dbcPool pool, R2dbcStatements statements, LoopResources loops, int callers, int queries,
                             Map<Connection, String> carriers) throws InterruptedException {
        AtomicInteger left = new AtomicInteger(queries);
        CountDownLatch done = new CountDownLatch(callers);
        loops.onClient(true).next().execute(() -> {
            for (int i = 0; i < callers; i++) {
                next(pool, statements, left, done, carriers, i);
            }
        });
        if (!done.await(5, TimeUnit.MINUTES)) {
            throw new IllegalStateException("load did not finish");
        }
    }

    private static void next(R2dbcPool pool, R2dbcStatements statements, AtomicInteger left, CountDownLatch done,
                             Map<Connection, String> carriers, int caller) {
        int n = left.getAndDecrement();
        if (n <= 0) {
            done.countDown();
            return;
        }
        List<Object> id = List.of(1 + (n * 31 + caller) % ROWS);
        pool.lease(lab.access.Deadline.NONE).thenCompose(leased -> statements.query("SELECT id, v FROM r2dbc_placement WHERE id = ?", id).apply(leased.pooled)
                        .doOnSuccess(rows -> carriers.put(leased.physical, Thread.currentThread().getName()))
                        .then(pool.giveBack(leased)).toFuture())
                .whenComplete((ok, error) -> {
                    if (error != null) {
                        error.printStackTrace();
                    }
                    next(pool, statements, left, done, carriers, caller);
                });
    }

    private static void seed(R2dbcPool pool, R2dbcStatements statements, SourceUrl.Engine engine) {
        Leased leased = pool.lease(lab.access.Deadline.NONE).join();
        try {
            statements.update("DROP TABLE IF EXISTS r2dbc_placement", List.of()).apply(leased.pooled).block();
            statements.update("CREATE TABLE r2dbc_placement (id INT PRIMARY KEY, v VARCHAR(20) NOT NULL)", List.of()).apply(leased.pooled).block();
            String values = String.join(",", java.util.stream.IntStream.rangeClosed(1, ROWS).mapToObj(i -> "(" + i + ",'v" + i + "')").toList());
            statements.update("INSERT INTO r2dbc_placement VALUES " + values, List.of()).apply(leased.pooled).block();
        } finally {
            pool.giveBack(leased).block();
        }
    }

    private static String loadavg() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ")[0];
        } catch (java.io.IOException e) {
            return "?";
        }
    }

    private static int arg(String[] args, int i, int fallback) {
        return args.length > i ? Integer.parseInt(args[i]) : fallback;
    }
}
