package lab.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import lab.access.Mode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code requestKey}: a purchase retried with the same key (its answer was lost) finds its order
 * instead of buying again, also when the copies race; a malformed key is refused.
 */
class IdempotentPurchaseTest {

    private static final int STOCK = 50;
    private static final String ORDER_ID = "<span class=\"order-id\">(\\d+)</span>";

    private static long prepare(Mode mode) throws Exception {
        long itemId = 920 + mode.ordinal();
        TestDb.update("UPDATE stock SET quantity = ? WHERE item_id = ?", STOCK, itemId);
        TestDb.update("DELETE FROM orders WHERE item_id = ?", itemId);
        return itemId;
    }

    private static String form(long itemId, int quantity, String key) {
        return "itemId=" + itemId + "&quantity=" + quantity + "&requestKey=" + URLEncoder.encode(key, StandardCharsets.UTF_8);
    }

    private static long orderId(HttpResponse<String> r) {
        String id = Html.first(r.body(), ORDER_ID);
        assertNotNull(id, r.body());
        return Long.parseLong(id);
    }

    private static boolean replayed(HttpResponse<String> r) {
        return r.headers().firstValue("Idempotent-Replayed").filter("true"::equals).isPresent();
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void replayingAKeyAnswersTheSameOrderAndTakesStockOnce(Mode mode) throws Exception {
        long itemId = prepare(mode);
        ShopApp shop = TestShops.shared(mode);
        String key = "replay-" + mode.id() + "-" + UUID.randomUUID();

        HttpResponse<String> first = Http.post(shop, "/purchase", form(itemId, 2, key));
        assertEquals(200, first.statusCode(), first.body());
        assertTrue(!replayed(first) && first.body().contains("is placed"), first.body());
        HttpResponse<String> again = Http.post(shop, "/purchase", form(itemId, 2, key));
        assertEquals(200, again.statusCode(), again.body());
        assertTrue(replayed(again), "Idempotent-Replayed: true");
        assertTrue(again.body().contains("already placed"), again.body());
        assertEquals(orderId(first), orderId(again));
        assertEquals(STOCK - 2, TestDb.number("SELECT quantity FROM stock WHERE item_id = ?", itemId));
        assertEquals(1, TestDb.number("SELECT COUNT(*) FROM orders WHERE request_key = ?", key));

        HttpResponse<String> otherKey = Http.post(shop, "/purchase", form(itemId, 2, key + "-b"));
        assertEquals(200, otherKey.statusCode(), otherKey.body());
        assertNotEquals(orderId(first), orderId(otherKey), "another key is another purchase");
        HttpResponse<String> noKey = Http.post(shop, "/purchase", "itemId=" + itemId + "&quantity=1");
        assertEquals(200, noKey.statusCode(), noKey.body());
        assertTrue(!replayed(noKey));
        assertEquals(STOCK - 5, TestDb.number("SELECT quantity FROM stock WHERE item_id = ?", itemId));

        HttpResponse<String> reused = Http.post(shop, "/purchase", form(itemId, 3, key));
        assertEquals(422, reused.statusCode(), "a key reused for another quantity: " + reused.body());
        assertEquals(STOCK - 5, TestDb.number("SELECT quantity FROM stock WHERE item_id = ?", itemId));
        assertEquals(3, TestDb.number("SELECT COUNT(*) FROM orders WHERE item_id = ?", itemId));
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void concurrentCopiesOfOnePurchaseMakeOneOrder(Mode mode) throws Exception {
        long itemId = prepare(mode);
        ShopApp shop = TestShops.shared(mode);
        String key = "race-" + mode.id() + "-" + UUID.randomUUID();
        List<CompletableFuture<HttpResponse<String>>> copies = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            copies.add(Http.postAsync(shop, "/purchase", form(itemId, 1, key)));
        }
        long placed = 0;
        List<Long> named = new ArrayList<>();
        for (CompletableFuture<HttpResponse<String>> copy : copies) {
            HttpResponse<String> r = copy.join();
            assertEquals(200, r.statusCode(), r.body());
            named.add(orderId(r));
            placed += replayed(r) ? 0 : 1;
        }
        assertEquals(1, placed, "exactly one copy placed the order, the others were answered with it");
        assertEquals(1, named.stream().distinct().count(), "every copy names the same order: " + named);
        assertEquals(1, TestDb.number("SELECT COUNT(*) FROM orders WHERE item_id = ?", itemId));
        assertEquals(STOCK - 1, TestDb.number("SELECT quantity FROM stock WHERE item_id = ?", itemId));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "has space", "semi;colon", "quote'", "é", "dot.ted", "slash/"})
    void aMalformedKeyIs400AndBuysNothing(String key) throws Exception {
        long itemId = prepare(Mode.NONBLOCKING);
        HttpResponse<String> r = Http.post(TestShops.shared(Mode.NONBLOCKING), "/purchase", form(itemId, 1, key));
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("requestKey"), r.body());
        assertEquals(STOCK, TestDb.number("SELECT quantity FROM stock WHERE item_id = ?", itemId));
    }

    @Test
    void keysUpTo64CharactersAreAccepted() throws Exception {
        long itemId = prepare(Mode.NONBLOCKING);
        ShopApp shop = TestShops.shared(Mode.NONBLOCKING);
        assertEquals(400, Http.post(shop, "/purchase", form(itemId, 1, "k".repeat(65))).statusCode());
        String longest = "A-z_9".repeat(12) + "abcd";
        assertEquals(200, Http.post(shop, "/purchase", form(itemId, 1, longest)).statusCode());
        assertEquals(1, TestDb.number("SELECT COUNT(*) FROM orders WHERE request_key = ?", longest));
    }

    @Test
    void everyPurchaseFormCarriesAFreshKey() {
        ShopApp shop = TestShops.shared(Mode.NONBLOCKING);
        String input = "name=\"requestKey\" value=\"([A-Za-z0-9_-]{1,64})\"";
        String one = Html.first(Http.get(shop, "/purchase/5").body(), input);
        String two = Html.first(Http.get(shop, "/purchase/5").body(), input);
        assertNotNull(one);
        assertNotNull(two);
        assertNotEquals(one, two);
    }
}
