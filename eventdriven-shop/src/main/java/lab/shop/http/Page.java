package lab.shop.http;

import java.util.concurrent.CompletionStage;

/**
 * One page of the shop. Called on the event loop; must not block there (except in {@code jdbc}
 * mode, where the access module itself blocks: the control experiment). May throw or fail the
 * stage; {@link ErrorPages} turns the error into a page.
 */
@FunctionalInterface
public interface Page {

    CompletionStage<Response> handle(Request request);
}
