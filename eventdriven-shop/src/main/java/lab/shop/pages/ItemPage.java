package lab.shop.pages;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import lab.shop.http.Page;
import lab.shop.http.Request;
import lab.shop.http.Response;
import lab.shop.store.ShopStore;

/**
 * {@code GET /item/{id}} (template {@code item}: details) and {@code GET /purchase/{id}}
 * (template {@code purchase}: the purchase form): one item and its stock.
 */
public record ItemPage(ShopStore store, String template) implements Page {

    @Override
    public CompletionStage<Response> handle(Request request) {
        long id = Params.pathId(request.param(), "item");
        // a fresh idempotency key per rendering: submitting this form twice buys once
        return StoreErrors.mapped(store.within(request.deadline()).item(id)).thenApply(item -> Response.page(template,
                Map.of("item", item, "maxQuantity", Math.min(Params.MAX_QUANTITY, Math.max(1, item.stock())),
                        "requestKey", UUID.randomUUID().toString())));
    }
}
