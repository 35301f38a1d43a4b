package lab.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import lab.access.Mode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * No lost or invented data: 200 concurrent purchases of one item with a stock of 100 give exactly
 * 100 orders and 100 "out of stock" answers, and every success page names an order that exists.
 */
class PurchaseConcurrencyTest {

    private static final int STOCK = 100;
    private static final int BUYERS = 200;

    @ParameterizedTest
    @EnumSource(Mode.class)
    void twoHundredBuyersOneHundredInStock(Mode mode) throws Exception {
        long itemId = 900 + mode.ordinal();
        TestDb.update("UPDATE stock SET quantity = ? WHERE item_id = ?", STOCK, itemId);
        TestDb.update("DELETE FROM orders WHERE item_id = ?", itemId);
        ShopApp shop = TestShops.shared(mode);

        List<CompletableFuture<HttpResponse<String>>> buying = new ArrayList<>();
        for (int i = 0; i < BUYERS; i++) {
            buying.add(Http.postAsync(shop, "/purchase", "itemId=" + itemId + "&quantity=1"));
        }
        int sold = 0;
        int refused = 0;
        Set<Long> orderIds = new HashSet<>();
        for (CompletableFuture<HttpResponse<String>> f : buying) {
            HttpResponse<String> r = f.join();
            if (r.statusCode() == 200) {
                sold++;
                String id = Html.first(r.body(), "<span class=\"order-id\">(\\d+)</span>");
                assertNotNull(id, r.body());
                assertTrue(orderIds.add(Long.parseLong(id)), "order id named twice: " + id);
            } else {
                assertEquals(409, r.statusCode(), r.body());
                assertTrue(r.body().contains("Out of stock"));
                refused++;
            }
        }
        assertEquals(STOCK, sold);
        assertEquals(BUYERS - STOCK, refused);
        assertEquals(0, TestDb.number("SELECT quantity FROM stock WHERE item_id = ?", itemId));
        assertEquals(STOCK, TestDb.number("SELECT COUNT(*) FROM orders WHERE item_id = ?", itemId));
        Set<Long> stored = new HashSet<>();
        for (List<Object> row : TestDb.rows("SELECT id FROM orders WHERE item_id = ?", itemId)) {
            stored.add(((Number) row.get(0)).longValue());
        }
        assertEquals(stored, orderIds, "every success page names exactly one stored order");
    }
}
