package lab.shop.pages;

import java.util.Map;
import java.util.concurrent.CompletionStage;
import lab.shop.http.Page;
import lab.shop.http.Request;
import lab.shop.http.Response;
import lab.shop.store.ShopStore;

/** {@code GET /order/{id}}: one order. */
public record OrderPage(ShopStore store) implements Page {

    @Override
    public CompletionStage<Response> handle(Request request) {
        long id = Params.pathId(request.param(), "order");
        return StoreErrors.mapped(store.within(request.deadline()).order(id)).thenApply(order -> Response.page("order", Map.of("order", order, "purchased", false, "replayed", false)));
    }
}
