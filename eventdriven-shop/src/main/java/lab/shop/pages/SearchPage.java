package lab.shop.pages;

import java.util.Map;
import java.util.concurrent.CompletionStage;
import lab.shop.http.Page;
import lab.shop.http.Request;
import lab.shop.http.Response;
import lab.shop.store.ShopStore;

/** {@code GET /search?q=TERM}: the first 20 items with that keyword; the term is literal text. */
public record SearchPage(ShopStore store) implements Page {

    @Override
    public CompletionStage<Response> handle(Request request) {
        String term = ShopStore.normaliseTerm(request.query("q"));
        return store.within(request.deadline()).search(term).thenApply(items -> Response.page("search",
                Map.of("term", term, "items", items, "limit", ShopStore.SEARCH_LIMIT)));
    }
}
