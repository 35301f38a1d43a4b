package lab.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import lab.access.Mode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Malformed, oversized, unknown, out-of-range and hostile input; slow and idle clients. */
class BadInputTest {

    private static final Duration WAIT = Duration.ofSeconds(5);

    private static ShopApp shop() {
        return TestShops.shared(Mode.NONBLOCKING);
    }

    @ParameterizedTest
    @ValueSource(strings = {"THIS IS NOT HTTP\r\n\r\n", "GET / HTTP/9.x\r\n\r\n", "G@T / HTTP/1.1\r\n\r\n", "GET\r\n\r\n",
            "GET / HTTP/1.1\r\nBad Header: x\r\n\r\n", "GET / HTTP/1.1\r\nNo colon\r\n\r\n", "GET / HTTP/1.1\r\nContent-Length: abc\r\n\r\n",
            "POST /purchase HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n", "GET /search?q=%zz HTTP/1.1\r\n\r\n",
            "GET /item/%2 HTTP/1.1\r\n\r\n",
            "POST /purchase HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 14\r\n\r\nitemId=1&q=%%%"})
    void malformedRequestGets400AndTheConnectionIsClosed(String request) throws Exception {
        Http.Raw raw = Http.raw(shop(), request, WAIT);
        assertTrue(raw.status(400), raw.text());
        assertTrue(raw.closed());
        assertTrue(raw.text().contains("Bad request"));
    }

    @Test
    void bodyOverTheLimitGets413() throws Exception {
        String body = "itemId=1&quantity=1&pad=" + "x".repeat(20_000);
        Http.Raw raw = Http.raw(shop(), "POST /purchase HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: " + body.length() + "\r\n\r\n" + body, WAIT);
        assertTrue(raw.status(413), raw.text());
        assertTrue(raw.closed());
    }

    @Test
    void chunkedBodyOverTheLimitGets413() throws Exception {
        String chunk = "x".repeat(8_000);
        String chunked = ("1f40\r\n" + chunk + "\r\n").repeat(3) + "0\r\n\r\n";
        Http.Raw raw = Http.raw(shop(), "POST /purchase HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked, WAIT);
        assertTrue(raw.status(413), raw.text());
    }

    @ParameterizedTest
    @ValueSource(strings = {"/item/999999999", "/item/0", "/item/-1", "/item/abc", "/item/1.5", "/item/99999999999999999999",
            "/purchase/999999", "/order/999999999", "/order/x", "/nowhere", "/item/", "/item/1/2"})
    void unknownThingsGet404(String path) {
        HttpResponse<String> r = Http.get(shop(), path);
        assertEquals(404, r.statusCode(), path);
        assertEquals("error", Html.page(r.body()));
        assertNoInternals(r.body());
    }

    @Test
    void otherMethodsGet405() throws Exception {
        Http.Raw raw = Http.raw(shop(), "DELETE /item/1 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n", WAIT);
        assertTrue(raw.status(405), raw.text());
        assertTrue(raw.text().toLowerCase().contains("allow: get"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"itemId=1&quantity=0", "itemId=1&quantity=-1", "itemId=1&quantity=abc", "itemId=1&quantity=11",
            "itemId=1&quantity=1.5", "itemId=1&quantity=", "itemId=1", "itemId=1&quantity=99999999999999999999",
            "itemId=1&quantity=%201", "itemId=abc&quantity=1", "quantity=1", "", "itemId=-5&quantity=1"})
    void badQuantityOrItemIdGets400AndWritesNothing(String form) throws Exception {
        long orders = TestDb.number("SELECT COUNT(*) FROM orders");
        HttpResponse<String> r = Http.post(shop(), "/purchase", form);
        assertEquals(400, r.statusCode(), form);
        assertNoInternals(r.body());
        assertEquals(orders, TestDb.number("SELECT COUNT(*) FROM orders"));
    }

    @Test
    void purchaseOfAnUnknownItemGets404() {
        assertEquals(404, Http.post(shop(), "/purchase", "itemId=987654321&quantity=1").statusCode());
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void soldOutGets409AndWritesNothing(Mode mode) throws Exception {
        long itemId = 950 + mode.ordinal();
        TestDb.update("UPDATE stock SET quantity = 1 WHERE item_id = ?", itemId);
        long orders = TestDb.number("SELECT COUNT(*) FROM orders WHERE item_id = ?", itemId);
        HttpResponse<String> r = Http.post(TestShops.shared(mode), "/purchase", "itemId=" + itemId + "&quantity=2");
        assertEquals(409, r.statusCode());
        assertTrue(r.body().contains("Out of stock"));
        assertEquals(1, TestDb.number("SELECT quantity FROM stock WHERE item_id = ?", itemId));
        assertEquals(orders, TestDb.number("SELECT COUNT(*) FROM orders WHERE item_id = ?", itemId));
    }

    @ParameterizedTest
    @ValueSource(strings = {"' OR '1'='1", "mug' --", "mug'; DROP TABLE items; --", "%", "_", "mu_", "mug%", "\"mug\"",
            "mug\\", "1; SELECT SLEEP(5)", "<script>alert(1)</script>"})
    void searchTermsAreLiteralText(String term) throws Exception {
        long items = TestDb.number("SELECT COUNT(*) FROM items");
        long started = System.nanoTime();
        HttpResponse<String> r = Http.get(shop(), "/search?q=" + URLEncoder.encode(term, StandardCharsets.UTF_8));
        assertEquals(200, r.statusCode(), term);
        assertTrue(System.nanoTime() - started < 3_000_000_000L);
        assertTrue(Html.all(r.body(), "href=\"/item/(\\d+)\"").isEmpty(), "no keyword is literally '" + term + "'");
        assertTrue(r.body().contains("class=\"empty\""));
        assertFalse(r.body().contains("<script>alert"), "the term is escaped");
        assertEquals(items, TestDb.number("SELECT COUNT(*) FROM items"));
    }

    @Test
    void searchTermsAreTrimmedAndLowerCased() {
        List<String> mug = Html.all(Http.get(shop(), "/search?q=mug").body(), "href=\"/item/(\\d+)\"");
        assertEquals(20, mug.size());
        assertEquals(mug, Html.all(Http.get(shop(), "/search?q=%20%20MuG%09").body(), "href=\"/item/(\\d+)\""));
        assertEquals(mug, Html.all(Http.get(shop(), "/search?q=mu%00g").body(), "href=\"/item/(\\d+)\""), "control characters are dropped");
    }

    @Test
    void tenKilobytesOfSearchTextAreCutToTheKeywordLength() {
        for (String text : List.of("a".repeat(10 * 1024), "mug ".repeat(2_560), "'%_\" OR 1=1 -- ".repeat(640))) {
            HttpResponse<String> r = Http.get(shop(), "/search?q=" + URLEncoder.encode(text, StandardCharsets.UTF_8));
            assertEquals(200, r.statusCode());
            String shown = Html.first(r.body(), "<span class=\"term\">([^<]*)</span>");
            assertTrue(shown != null && shown.replace("&#39;", "'").replace("&quot;", "\"").length() <= 40, shown);
            assertTrue(Html.all(r.body(), "href=\"/item/(\\d+)\"").isEmpty());
        }
    }

    @Test
    void noSearchTermShowsAnEmptySearch() {
        HttpResponse<String> r = Http.get(shop(), "/search");
        assertEquals(200, r.statusCode());
        assertEquals("search", Html.page(r.body()));
    }

    @Test
    void idleAndSlowClientsAreDisconnected() throws Exception {
        try (ShopApp shop = TestShops.start(Mode.NONBLOCKING, Map.of("SHOP_IDLE_TIMEOUT_SECONDS", "1"))) {
            // silent connection: closed after the idle timeout
            try (Socket idle = new Socket(InetAddress.getLoopbackAddress(), shop.port())) {
                long started = System.nanoTime();
                Http.Raw raw = Http.readUntilClosed(idle, WAIT);
                assertTrue(raw.closed() && raw.text().isEmpty());
                assertTrue(System.nanoTime() - started < 3_000_000_000L);
            }
            // a request trickling in a byte at a time never completes: closed by the request deadline
            try (Socket slow = new Socket(InetAddress.getLoopbackAddress(), shop.port())) {
                OutputStream out = slow.getOutputStream();
                long started = System.nanoTime();
                boolean closed = false;
                for (char c : "GET / HTTP/1.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".toCharArray()) {
                    try {
                        out.write(c);
                        out.flush();
                    } catch (java.io.IOException e) {
                        closed = true;
                        break;
                    }
                    Thread.sleep(100);
                }
                closed = closed || Http.readUntilClosed(slow, Duration.ofMillis(500)).closed();
                assertTrue(closed, "a client sending a byte every 100 ms is cut off");
                assertTrue(System.nanoTime() - started < 4_000_000_000L);
            }
            // a keep-alive connection is served, then closed once idle
            try (Socket kept = new Socket(InetAddress.getLoopbackAddress(), shop.port())) {
                kept.getOutputStream().write("GET / HTTP/1.1\r\nHost: t\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                Http.Raw raw = Http.readUntilClosed(kept, WAIT);
                assertTrue(raw.status(200) && raw.closed(), raw.text());
            }
        }
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrder() throws Exception {
        String request = "GET /item/%d HTTP/1.1\r\nHost: t\r\n\r\n";
        Http.Raw raw = Http.raw(shop(), String.format(request, 11) + String.format(request, 12)
                + "GET /item/13 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n", WAIT);
        assertTrue(raw.closed());
        assertEquals(List.of("11", "12", "13"), Html.all(raw.text(), "<dd class=\"id\">(\\d+)</dd>"));
    }

    static void assertNoInternals(String body) {
        for (String leak : List.of("Exception", "at lab.", "at java.", "SQL", "jdbc", "vertx")) {
            assertFalse(body.contains(leak), "page leaks '" + leak + "'");
        }
    }
}
