package lab.shop.pages;

import java.util.Map;
import java.util.concurrent.CompletionStage;
import lab.shop.http.Page;
import lab.shop.http.Request;
import lab.shop.http.Response;
import lab.shop.store.ShopStore;

/**
 * {@code POST /purchase} (form fields {@code itemId}, {@code quantity} and the optional
 * idempotency key {@code requestKey}): buys in one transaction and answers 200 with the success
 * page naming the order; 409 when out of stock. A key that already placed its order answers 200
 * with that order, nothing written, and the header {@value #REPLAYED}: true.
 */
public record PurchasePage(ShopStore store) implements Page {

    public static final String REPLAYED = "Idempotent-Replayed";

    @Override
    public CompletionStage<Response> handle(Request request) {
        long itemId = Params.formId(request.form("itemId"), "itemId");
        int quantity = Params.quantity(request.form("quantity"));
        String requestKey = Params.requestKey(request.form("requestKey"));
        return StoreErrors.mapped(store.within(request.deadline()).purchase(itemId, quantity, requestKey)).thenApply(purchase -> {
            Response page = Response.page("order", Map.of("order", purchase.order(), "purchased", true, "replayed", purchase.replayed()));
            return purchase.replayed() ? page.withHeader(REPLAYED, "true") : page;
        });
    }
}
