package lab.shop;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import lab.access.Mode;
import lab.data.Words;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What the event loop does while the database is slow (the items table locked by the test):
 * {@code nonblocking} holds 1,000 requests on the same few threads; {@code threadpool} needs a
 * thread per waiting call; {@code jdbc} blocks the loop, so an unrelated request waits too.
 */
class EventLoopTest {

    private static final int CONCURRENT = 1_000;

    /** Platform threads of the JVM, the event loops among them, and the access module's pool threads. */
    record Threads(int platform, int eventLoops, int poolThreads) {
        static Threads now() {
            int loops = 0;
            int pool = 0;
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                String name = t.getName();
                if (name.startsWith("shop-loop") || name.startsWith("shop-accept") || name.startsWith("vert.x-eventloop")) {
                    loops++;
                } else if (name.startsWith("threadpool-")) {
                    pool++;
                }
            }
            return new Threads(ManagementFactory.getThreadMXBean().getThreadCount(), loops, pool);
        }
    }

    record Run(Threads before, Threads during, Threads after, long ok) {
    }

    @Test
    void nonblockingHoldsAThousandRequestsOnAFixedSetOfThreads() throws Exception {
        Run run = thousandWaitingRequests(Mode.NONBLOCKING, Map.of("SHOP_DB_POOL_SIZE", "16"));
        System.out.println("nonblocking: " + run);
        assertEquals(CONCURRENT, run.ok());
        assertEquals(run.before().eventLoops(), run.during().eventLoops(), "event-loop threads while 1,000 requests wait");
        assertEquals(run.before().eventLoops(), run.after().eventLoops());
        assertTrue(run.during().platform() <= run.before().platform() + 2,
                "no thread per request: " + run.before().platform() + " → " + run.during().platform());
    }

    @Test
    void threadpoolNeedsAThreadPerWaitingCall() throws Exception {
        Run run = thousandWaitingRequests(Mode.THREADPOOL, Map.of("SHOP_EXECUTOR_THREADS", "200"));
        System.out.println("threadpool: " + run);
        assertEquals(CONCURRENT, run.ok());
        assertEquals(run.before().eventLoops(), run.during().eventLoops());
        assertEquals(200, run.during().poolThreads(), "every executor thread is taken while calls wait");
        assertTrue(run.during().platform() > 200, "a thread per waiting call: " + run.during().platform() + " platform threads");
    }

    /** 1,000 searches wait on the locked items table; threads are counted before, during and after. */
    private static Run thousandWaitingRequests(Mode mode, Map<String, String> overrides) throws Exception {
        Map<String, String> env = new java.util.HashMap<>(overrides);
        env.put("SHOP_DB_CONNECT_TIMEOUT_MS", "20000");
        env.put("SHOP_DB_QUERY_TIMEOUT_MS", "30000");
        try (ShopApp shop = TestShops.start(mode, env)) {
            // warm up with some concurrency, so that the connection pool has grown and every event loop has started
            try (ManyClients warmUp = new ManyClients(shop.port(), 200, i -> "/search?q=" + Words.SEARCH_TERMS.get(i % 20))) {
                warmUp.sendAll(Duration.ofSeconds(10));
                assertEquals(200, warmUp.receiveAll(Duration.ofSeconds(20)).stream().filter(r -> r.startsWith("HTTP/1.1 200 ")).count());
            }
            Threads before = Threads.now();
            Threads during;
            List<String> responses;
            try (ManyClients clients = new ManyClients(shop.port(), CONCURRENT,
                    i -> "/search?q=" + Words.SEARCH_TERMS.get(i % Words.SEARCH_TERMS.size()))) {
                try (TestDb.ItemsLock lock = new TestDb.ItemsLock()) {
                    clients.sendAll(Duration.ofSeconds(20));
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                    while (inFlight(shop) < CONCURRENT && System.nanoTime() < deadline) {
                        clients.pumpFor(Duration.ofMillis(50));
                    }
                    assertEquals(CONCURRENT, inFlight(shop), "every request is waiting on the database");
                    clients.pumpFor(Duration.ofMillis(300));
                    during = Threads.now();
                }
                responses = clients.receiveAll(Duration.ofSeconds(30));
            }
            Threads after = Threads.now();
            long ok = responses.stream().filter(r -> r.startsWith("HTTP/1.1 200 ")).count();
            return new Run(before, during, after, ok);
        }
    }

    private static double inFlight(ShopApp shop) {
        return shop.registry().get("access.calls.inflight").gauge().value();
    }

    /**
     * jdbc: requests that waited in their sockets behind a blocked loop, and whose clients left meanwhile (as
     * every connection of a load run does when it stops), are not served once the loop is free: their pages
     * would hold the loop and the databases for no one.
     */
    @Test
    void jdbcServesNoRequestWhoseClientLeftWhileTheLoopWasBlocked() throws Exception {
        try (ShopApp shop = TestShops.start(Mode.JDBC, Map.of("SHOP_EVENT_LOOPS", "1"))) {
            assertEquals(200, Http.get(shop, "/item/7").statusCode());
            long servedBefore = pagesServed(shop);
            double acceptedBefore = shop.registry().get("http.server.connections.accepted").counter().count();
            CompletableFuture<HttpResponse<String>> slow;
            try (TestDb.ItemsLock lock = new TestDb.ItemsLock()) {
                slow = Http.getAsync(shop, "/item/7");
                await().atMost(Duration.ofSeconds(10)).until(() -> inFlight(shop) >= 1);
                for (int i = 0; i < 5; i++) {
                    try (java.net.Socket gone = new java.net.Socket("127.0.0.1", shop.port())) {
                        gone.getOutputStream().write(("GET /item/" + (8 + i) + " HTTP/1.1\r\nHost: shop\r\n\r\n")
                                .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                    }
                }
            }
            assertEquals(200, slow.get(10, TimeUnit.SECONDS).statusCode());
            // the five connections reached the loop and were closed there
            await().atMost(Duration.ofSeconds(10)).until(() -> shop.registry().get("http.server.connections.accepted")
                    .counter().count() >= acceptedBefore + 5
                    && shop.registry().get("http.server.connections.open").gauge().value() <= 1);
            assertEquals(1, pagesServed(shop) - servedBefore, "only the page whose client still waited was served");
        }
    }

    /**
     * A page's time runs from its read. Three requests wait in their sockets behind a loop that a
     * locked table blocks (jdbc mode), and are read together once it frees up. The first served
     * waits on the lock for what its time leaves and gives up; by then the others' time has passed
     * too (it ran from the same read), so they are answered at once without asking the database.
     * Before, each had a page timeout of its own from its turn: they ran their queries once the
     * lock went and were answered 200, up to two page timeouts after their read.
     */
    @Test
    void jdbcAnswersAtOnceRequestsWhoseTimePassedBehindTheBlockedLoop() throws Exception {
        try (ShopApp shop = TestShops.start(Mode.JDBC, Map.of("SHOP_EVENT_LOOPS", "1", "SHOP_DB_QUERY_TIMEOUT_MS", "1500"))) {
            assertEquals(200, Http.get(shop, "/item/7").statusCode());
            CompletableFuture<HttpResponse<String>> blocking;
            List<CompletableFuture<HttpResponse<String>>> behind;
            try (TestDb.ItemsLock lock = new TestDb.ItemsLock()) {
                blocking = Http.getAsync(shop, "/item/7");
                await().atMost(Duration.ofSeconds(10)).until(() -> inFlight(shop) >= 1);
                behind = List.of(Http.getAsync(shop, "/item/8"), Http.getAsync(shop, "/item/9"), Http.getAsync(shop, "/item/10"));
                assertEquals(503, blocking.get(10, TimeUnit.SECONDS).statusCode(), "the locked query gave up");
                // the first of the three served waits on the lock until its time is up
                await().atMost(Duration.ofSeconds(10)).until(() -> behind.stream().anyMatch(CompletableFuture::isDone));
            }
            List<Integer> statuses = new java.util.ArrayList<>();
            for (CompletableFuture<HttpResponse<String>> f : behind) {
                statuses.add(f.get(10, TimeUnit.SECONDS).statusCode());
            }
            assertTrue(statuses.stream().filter(c -> c == 503).count() >= 2,
                    "besides the one that waited on the lock, the others' time had passed by their turn: " + statuses);
        }
    }

    /** Pages answered so far (every status), the lab's own probes left out. */
    private static long pagesServed(ShopApp shop) {
        return shop.registry().find("http.server.requests").timers().stream()
                .filter(t -> !List.of("/metrics", "/health", "/health/live").contains(t.getId().getTag("uri")))
                .mapToLong(io.micrometer.core.instrument.Timer::count).sum();
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void aSlowQueryDelaysAnUnrelatedRequestOnlyInJdbcMode(Mode mode) throws Exception {
        try (ShopApp shop = TestShops.start(mode, Map.of("SHOP_EVENT_LOOPS", "1"))) {
            assertEquals(200, Http.get(shop, "/item/7").statusCode());
            CompletableFuture<HttpResponse<String>> slow;
            CompletableFuture<Long> unrelatedAt;
            long released;
            try (TestDb.ItemsLock lock = new TestDb.ItemsLock()) {
                slow = Http.getAsync(shop, "/item/7");
                // the slow request has reached the database and waits on the lock
                await().atMost(Duration.ofSeconds(10)).until(() -> inFlight(shop) >= 1);
                unrelatedAt = Http.getAsync(shop, "/").thenApply(r -> { // the landing page needs no database
                    assertEquals(200, r.statusCode());
                    return System.nanoTime();
                });
                if (mode == Mode.JDBC) {
                    assertThrows(TimeoutException.class, () -> unrelatedAt.get(1_500, TimeUnit.MILLISECONDS),
                            "jdbc: the event loop is blocked, so the landing page waits");
                } else {
                    unrelatedAt.get(1, TimeUnit.SECONDS);
                    assertFalse(slow.isDone(), mode + ": the landing page answered at once, the slow request still waits on the lock");
                }
                released = System.nanoTime();
            }
            assertEquals(200, slow.get(10, TimeUnit.SECONDS).statusCode());
            long answered = unrelatedAt.get(10, TimeUnit.SECONDS);
            if (mode == Mode.JDBC) {
                assertTrue(answered - released > 0, "jdbc: the landing page was answered only once the lock was released");
            } else {
                assertTrue(answered - released < 0, mode + ": the landing page was answered while the lock was held");
            }
        }
    }
}
