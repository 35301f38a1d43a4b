package lab.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import lab.access.Mode;
import lab.data.Words;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every page in every mode shows what the database holds (expectations read with plain JDBC). */
class PagesTest {

    private static final String SEARCH = "SELECT i.id, i.name, i.price FROM item_keywords k JOIN items i ON i.id = k.item_id"
            + " WHERE k.keyword = ? ORDER BY k.item_id LIMIT 20";

    @ParameterizedTest
    @EnumSource(Mode.class)
    void landingSuggestsATermFromTheFixedList(Mode mode) {
        HttpResponse<String> r = Http.get(TestShops.shared(mode), "/");
        assertEquals(200, r.statusCode());
        assertEquals("landing", Html.page(r.body()));
        String suggestion = Html.first(r.body(), "name=\"q\" value=\"([^\"]+)\"");
        assertTrue(Words.SEARCH_TERMS.contains(suggestion), suggestion);
        assertTrue(r.body().contains("<span class=\"mode\">" + mode.id() + "</span>"));
        assertEquals("text/html; charset=utf-8", r.headers().firstValue("content-type").orElseThrow());
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void searchListsTheFirstTwentyItemsWithTheKeyword(Mode mode) throws Exception {
        List<List<Object>> expected = TestDb.rows(SEARCH, "mug");
        assertEquals(20, expected.size(), "tiny scale has more than 20 mugs");
        HttpResponse<String> r = Http.get(TestShops.shared(mode), "/search?q=mug");
        assertEquals(200, r.statusCode());
        assertEquals("search", Html.page(r.body()));
        assertEquals(expected.stream().map(row -> row.get(0).toString()).toList(), Html.all(r.body(), "href=\"/item/(\\d+)\""));
        for (List<Object> row : expected) {
            assertTrue(r.body().contains(">" + Html.escape((String) row.get(1)) + "</a> &middot; <span class=\"price\">" + Html.money(row.get(2)) + "<"),
                    "row " + row);
        }
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void itemShowsItsDetailsAndStock(Mode mode) throws Exception {
        long id = 42;
        List<Object> item = TestDb.rows("SELECT name, category, description, price FROM items WHERE id = ?", id).get(0);
        long stock = TestDb.number("SELECT quantity FROM stock WHERE item_id = ?", id);
        HttpResponse<String> r = Http.get(TestShops.shared(mode), "/item/" + id);
        assertEquals(200, r.statusCode());
        assertEquals("item", Html.page(r.body()));
        assertEquals(Html.escape((String) item.get(0)), Html.first(r.body(), "<h1 class=\"name\">([^<]+)</h1>"));
        assertEquals(item.get(1), Html.first(r.body(), "class=\"category\">([^<]+)<"));
        assertEquals(Html.escape((String) item.get(2)), Html.first(r.body(), "class=\"description\">([^<]+)<"));
        assertEquals(Html.money(item.get(3)), Html.first(r.body(), "class=\"price\">([^<]+)<"));
        assertEquals(Long.toString(stock), Html.first(r.body(), "class=\"stock\">([^<]+)<"));
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void purchaseFormPostsTheItem(Mode mode) throws Exception {
        long id = 43;
        String name = (String) TestDb.rows("SELECT name FROM items WHERE id = ?", id).get(0).get(0);
        HttpResponse<String> r = Http.get(TestShops.shared(mode), "/purchase/" + id);
        assertEquals(200, r.statusCode());
        assertEquals("purchase", Html.page(r.body()));
        assertTrue(r.body().contains("<form action=\"/purchase\" method=\"post\">"));
        assertTrue(r.body().contains("<input type=\"hidden\" name=\"itemId\" value=\"" + id + "\">"));
        assertEquals(Html.escape(name), Html.first(r.body(), "<span class=\"name\">([^<]+)</span>"));
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void purchaseWritesOneOrderAndTheOrderPageShowsIt(Mode mode) throws Exception {
        long itemId = TestDb.number("SELECT item_id FROM stock WHERE quantity >= 10 AND item_id > 100 ORDER BY item_id LIMIT 1 OFFSET " + mode.ordinal());
        long stockBefore = TestDb.number("SELECT quantity FROM stock WHERE item_id = ?", itemId);
        List<Object> item = TestDb.rows("SELECT name, price FROM items WHERE id = ?", itemId).get(0);

        HttpResponse<String> bought = Http.post(TestShops.shared(mode), "/purchase", "itemId=" + itemId + "&quantity=2");
        assertEquals(200, bought.statusCode(), bought.body());
        assertEquals("purchased", Html.page(bought.body()));
        String orderId = Html.first(bought.body(), "<span class=\"order-id\">(\\d+)</span>");
        assertNotNull(orderId);

        List<Object> order = TestDb.rows("SELECT item_id, quantity, unit_price, total FROM orders WHERE id = ?", Long.parseLong(orderId)).get(0);
        assertEquals(itemId, ((Number) order.get(0)).longValue());
        assertEquals(2, ((Number) order.get(1)).intValue());
        assertEquals(Html.money(item.get(1)), Html.money(order.get(2)));
        assertEquals(new BigDecimal(item.get(1).toString()).multiply(BigDecimal.TWO).setScale(2).toPlainString(), Html.money(order.get(3)));
        assertEquals(stockBefore - 2, TestDb.number("SELECT quantity FROM stock WHERE item_id = ?", itemId));

        HttpResponse<String> shown = Http.get(TestShops.shared(mode), "/order/" + orderId);
        assertEquals(200, shown.statusCode());
        assertEquals("order", Html.page(shown.body()));
        assertEquals(orderId, Html.first(shown.body(), "<span class=\"order-id\">(\\d+)</span>"));
        assertEquals(Html.escape((String) item.get(0)), Html.first(shown.body(), "<a class=\"item\" href=\"/item/" + itemId + "\">([^<]+)</a>"));
        assertEquals("2", Html.first(shown.body(), "class=\"quantity\">(\\d+)<"));
        assertEquals(Html.money(order.get(3)), Html.first(shown.body(), "class=\"total\">([^<]+)<"));
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void mixServesTheGetPages(Mode mode) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 40; i++) {
            HttpResponse<String> r = Http.get(TestShops.shared(mode), "/mix");
            assertEquals(200, r.statusCode(), r.body());
            seen.add(Html.page(r.body()));
        }
        assertTrue(Set.of("landing", "search", "item", "purchase").containsAll(seen), seen.toString());
        assertTrue(seen.size() >= 3, "40 draws should hit at least 3 of the 4 pages: " + seen);
    }

    @org.junit.jupiter.api.Test
    void mixWeightsAreDocumentedAndAddUpTo100() {
        assertEquals(List.of("landing", "search", "item", "purchase-form"), List.copyOf(lab.shop.pages.MixPage.WEIGHTS.keySet()));
        assertEquals(100, lab.shop.pages.MixPage.WEIGHTS.values().stream().mapToInt(Integer::intValue).sum());
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void healthAndMetrics(Mode mode) {
        ShopApp shop = TestShops.shared(mode);
        HttpResponse<String> health = Http.get(shop, "/health");
        assertEquals(200, health.statusCode());
        assertEquals("{\"status\":\"UP\",\"database\":\"UP\"}\n", health.body(), "statuses only: anyone may ask");
        HttpResponse<String> live = Http.get(shop, "/health/live");
        assertEquals(200, live.statusCode());
        assertEquals("{\"status\":\"UP\"}\n", live.body());

        Http.get(shop, "/item/1");
        HttpResponse<String> metrics = Http.get(shop, "/metrics");
        assertEquals(200, metrics.statusCode());
        assertTrue(metrics.headers().firstValue("content-type").orElseThrow().startsWith("text/plain"));
        for (String name : List.of("jvm_threads_live_threads", "jvm_memory_used_bytes", "jvm_gc_", "process_cpu_usage",
                "jvm_classes_loaded_classes", "http_server_requests_seconds_count", "http_server_connections_open",
                "access_calls_inflight", "access_queue_depth", "access_execution_seconds_count")) {
            assertTrue(metrics.body().contains(name), name);
        }
        assertTrue(metrics.body().contains("uri=\"/item/{id}\""));
        // the page is done and the scrape does not count itself: nothing in flight
        assertTrue(metrics.body().matches("(?s).*\nhttp_server_requests_in_flight\\{[^}]*} 0\\.0\n.*"), "in flight");
        assertTrue(metrics.body().contains("mode=\"" + mode.id() + "\""));
    }
}
