package lab.shop.pages;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import lab.access.ForkJoin;
import lab.shop.http.HttpError;
import lab.shop.store.KeyReusedException;
import lab.shop.store.NotFoundException;
import lab.shop.store.OutOfStockException;

/**
 * The store's refusals as HTTP answers: no such item or order → 404, not enough stock → 409, a
 * request key reused for another purchase → 422.
 */
final class StoreErrors {

    private StoreErrors() {
    }

    /** {@code stage}, with a store refusal replaced by its {@link HttpError}; other failures pass unchanged. */
    static <T> CompletionStage<T> mapped(CompletionStage<T> stage) {
        return stage.exceptionallyCompose(error -> CompletableFuture.failedStage(toHttp(error)));
    }

    private static Throwable toHttp(Throwable error) {
        return switch (ForkJoin.unwrap(error)) {
            case NotFoundException missing -> HttpError.notFound(missing.getMessage());
            case OutOfStockException out -> new HttpError(HttpResponseStatus.CONFLICT, "Out of stock",
                    "Sorry, fewer than " + out.requested + " of " + out.itemName + " are left. No order was placed.",
                    "/item/" + out.itemId);
            case KeyReusedException reused -> new HttpError(HttpResponseStatus.UNPROCESSABLE_ENTITY, "Request key already used",
                    "This request key already placed order " + reused.existing.id() + " for another item or quantity."
                    + " No new order was placed.", "/order/" + reused.existing.id());
            default -> error;
        };
    }
}
