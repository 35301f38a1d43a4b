package lab.shop.pages;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;
import lab.data.Words;
import lab.shop.http.Page;
import lab.shop.http.Request;
import lab.shop.http.Response;
import lab.shop.store.ShopStore;

/**
 * {@code GET /mix}, the thesis' single load URI: serves one of the GET pages, chosen at random per
 * request with the fixed {@link #WEIGHTS} — landing 20 %, search 40 % (a term from the landing
 * page's list), item details 30 % and purchase form 10 % (an item id drawn uniformly from all
 * items). Purchases are not part of the mix (it only reads, so runs are repeatable), nor is the
 * order page (it follows a purchase).
 */
public record MixPage(Page landing, Page search, Page item, Page purchaseForm, ShopStore store) implements Page {

    /** Percent of {@code /mix} requests per page (they add up to 100). */
    public static final Map<String, Integer> WEIGHTS = weights();

    @Override
    public CompletionStage<Response> handle(Request request) {
        int draw = ThreadLocalRandom.current().nextInt(100);
        for (Map.Entry<String, Integer> page : WEIGHTS.entrySet()) {
            draw -= page.getValue();
            if (draw < 0) {
                return serve(request, page.getKey());
            }
        }
        throw new IllegalStateException("the weights add up to less than 100");
    }

    private CompletionStage<Response> serve(Request request, String page) {
        return switch (page) {
            case "landing" -> landing.handle(request.get("/", Map.of(), null));
            case "search" -> {
                String term = Words.SEARCH_TERMS.get(ThreadLocalRandom.current().nextInt(Words.SEARCH_TERMS.size()));
                yield search.handle(request.get("/search", Map.of("q", List.of(term)), null));
            }
            case "item" -> anyItem(request, item, "/item/");
            default -> anyItem(request, purchaseForm, "/purchase/");
        };
    }

    private CompletionStage<Response> anyItem(Request request, Page page, String path) {
        return StoreErrors.mapped(store.within(request.deadline()).maxItemId()).thenCompose(max -> {
            String id = Long.toString(1 + ThreadLocalRandom.current().nextLong(max));
            return page.handle(request.get(path + id, Map.of(), id));
        });
    }

    private static Map<String, Integer> weights() {
        Map<String, Integer> w = new LinkedHashMap<>();
        w.put("landing", 20);
        w.put("search", 40);
        w.put("item", 30);
        w.put("purchase-form", 10);
        return Collections.unmodifiableMap(w);
    }
}
