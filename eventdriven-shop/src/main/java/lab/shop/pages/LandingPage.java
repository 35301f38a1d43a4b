package lab.shop.pages;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;
import lab.data.Words;
import lab.shop.http.Page;
import lab.shop.http.Request;
import lab.shop.http.Response;

/** {@code GET /}: the search box, pre-filled with a term chosen at random from the fixed list (thesis 4.3). */
public final class LandingPage implements Page {

    private final List<String> terms = Words.SEARCH_TERMS;

    @Override
    public CompletionStage<Response> handle(Request request) {
        String suggestion = terms.get(ThreadLocalRandom.current().nextInt(terms.size()));
        return CompletableFuture.completedFuture(Response.page("landing", Map.of("suggestion", suggestion, "terms", terms)));
    }
}
