package lab.shop;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import lab.access.Mode;
import lab.access.SourceUrl;
import lab.access.ProxiedSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The database goes away or falls behind: 503 pages within the timeouts, nothing stalls, and the shop recovers. */
class FailureTest {

    private static final Map<String, String> SHORT_TIMEOUTS = Map.of(
            "SHOP_DB_CONNECT_TIMEOUT_MS", "1000", "SHOP_DB_QUERY_TIMEOUT_MS", "2000");

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"THREADPOOL", "NONBLOCKING", "VIRTUAL", "R2DBC"})
    void databaseDownGives503InTimeOtherConnectionsAreServedAndTheShopRecovers(Mode mode) throws Exception {
        try (ProxiedSource proxy = new ProxiedSource(TestShops.database());
             ShopApp shop = TestShops.start(mode, with(SHORT_TIMEOUTS, "SHOP_DB_URL", TestShops.text(proxy.via(TestShops.database()))))) {
            assertEquals(200, Http.get(shop, "/item/3").statusCode());
            proxy.blackHole();

            long started = System.nanoTime();
            CompletableFuture<HttpResponse<String>> search = Http.getAsync(shop, "/search?q=lamp");
            HttpResponse<String> landing = Http.get(shop, "/");
            assertEquals(200, landing.statusCode());
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) < 1_000, "another connection is served at once");

            HttpResponse<String> down = search.get(10, TimeUnit.SECONDS);
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            assertEquals(503, down.statusCode(), down.body());
            assertTrue(down.body().contains("Database unavailable"));
            BadInputTest.assertNoInternals(down.body());
            assertTrue(tookMs <= 2_000 + 1_500, "503 within the query timeout: " + tookMs + " ms");
            assertEquals(503, Http.get(shop, "/item/4").statusCode());
            assertEquals(503, Http.get(shop, "/health").statusCode());

            proxy.restore();
            await("recovered without a restart").atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(200))
                    .until(() -> Http.get(shop, "/item/4").statusCode() == 200);
            assertEquals(200, Http.get(shop, "/health").statusCode());
            assertEquals(200, Http.get(shop, "/search?q=lamp").statusCode());
        }
    }

    /**
     * A slow link (each reply 700 ms late) makes a purchase's transaction longer than the page
     * timeout: the page is answered 503 by then, whatever the mode, and the purchase retried with
     * its key once the link is fast again gives exactly one order.
     */
    @ParameterizedTest
    @EnumSource(Mode.class)
    void slowTransactionIsAnswered503ByThePageTimeoutAndItsRetryBuysOnce(Mode mode) throws Exception {
        long itemId = 940 + mode.ordinal();
        TestDb.update("UPDATE stock SET quantity = ? WHERE item_id = ?", 50, itemId);
        String key = "slow-" + mode.id() + "-" + java.util.UUID.randomUUID();
        String form = "itemId=" + itemId + "&quantity=1&requestKey=" + key;
        try (ProxiedSource proxy = new ProxiedSource(TestShops.database());
             ShopApp shop = TestShops.start(mode, with(SHORT_TIMEOUTS, "SHOP_DB_URL", TestShops.text(proxy.via(TestShops.database()))))) {
            assertEquals(200, Http.get(shop, "/item/" + itemId).statusCode());
            proxy.latency(700);
            long started = System.nanoTime();
            HttpResponse<String> slow = Http.post(shop, "/purchase", form);
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            proxy.latency(0);
            assertEquals(503, slow.statusCode(), slow.body());
            assertTrue(slow.body().contains("Please try again in a moment") && !slow.body().contains("Exception"), slow.body());
            // page timeout = query timeout 2 s + 0.5 s; generous slack for a loaded machine
            assertTrue(tookMs <= 2_500 + 1_500, "answered after " + tookMs + " ms");

            await("the retry went through").atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(200))
                    .until(() -> Http.post(shop, "/purchase", form).statusCode() == 200);
            assertEquals(1, TestDb.number("SELECT COUNT(*) FROM orders WHERE request_key = ?", key), "one order for the key");
        }
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void noDatabaseAtAllGives503(Mode mode) throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        SourceUrl nowhere = TestShops.database();
        nowhere = new SourceUrl(nowhere.engine(), nowhere.user(), nowhere.password(), "127.0.0.1", closedPort, nowhere.database());
        try (ShopApp shop = TestShops.start(mode, with(SHORT_TIMEOUTS, "SHOP_DB_URL", TestShops.text(nowhere)))) {
            long started = System.nanoTime();
            HttpResponse<String> r = Http.get(shop, "/item/1");
            assertEquals(503, r.statusCode());
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) <= 3_500);
            assertEquals(503, Http.get(shop, "/health").statusCode());
            assertEquals(200, Http.get(shop, "/").statusCode(), "pages without data still work");
        }
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"THREADPOOL", "NONBLOCKING", "VIRTUAL"})
    void fullQueueGives503Fast(Mode mode) throws Exception {
        try (ShopApp shop = TestShops.start(mode, Map.of("SHOP_DB_POOL_SIZE", "1", "SHOP_QUEUE_BOUND", "0"))) {
            Http.awaitHealthy(shop, Duration.ofSeconds(10)); // the warm-up holds the only room until then
            assertEquals(200, Http.get(shop, "/search?q=mug").statusCode());
            CompletableFuture<HttpResponse<String>> held;
            try (TestDb.ItemsLock lock = new TestDb.ItemsLock()) {
                held = Http.getAsync(shop, "/search?q=mug"); // takes the only room and waits on the lock
                await().atMost(Duration.ofSeconds(10)).until(() -> shop.registry().get("access.calls.inflight").gauge().value() >= 1);
                long started = System.nanoTime();
                HttpResponse<String> rejected = Http.get(shop, "/search?q=lamp");
                long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                assertEquals(503, rejected.statusCode());
                assertTrue(rejected.body().contains("Busy"));
                assertEquals("1", rejected.headers().firstValue("retry-after").orElse(""));
                assertTrue(tookMs < 500, "rejected at once: " + tookMs + " ms");
                assertFalse(held.isDone());
            }
            assertEquals(200, held.get(10, TimeUnit.SECONDS).statusCode());
            assertTrue(shop.registry().get("access.rejected").counter().count() >= 1);
        }
    }

    private static Map<String, String> with(Map<String, String> base, String key, String value) {
        Map<String, String> all = new java.util.HashMap<>(base);
        all.put(key, value);
        return all;
    }
}
