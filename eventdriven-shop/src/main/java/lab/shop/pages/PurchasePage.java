package lab.shop.pages;

import java.util.Map;
import java.util.concurrent.CompletionStage;
import lab.shop.http.Page;
import lab.shop.http.Request;
import lab.shop.http.Response;
import lab.shop.store.ShopStore;

/**
 * {@code POST /purchase} (form fields {@code itemId}, {@code quantity}): buys in one transaction
 * and answers 200 with the success page naming the order; 409 when out of stock.
 */
public record PurchasePage(ShopStore store) implements Page {

    @Override
    public CompletionStage<Response> handle(Request request) {
        long itemId = Params.formId(request.form("itemId"), "itemId");
        int quantity = Params.quantity(request.form("quantity"));
        return StoreErrors.mapped(store.purchase(itemId, quantity)).thenApply(order -> Response.page("order", Map.of("order", order, "purchased", true)));
    }
}
