package lab.portal.webflux;

import java.util.concurrent.Executor;
import lab.portal.PortalPage;
import lab.portal.PortalService;
import lab.portal.PortalView;
import lab.portal.Serving;
import org.springframework.context.annotation.Conditional;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;

/**
 * {@code webflux}, {@code webflux-vertx}: Spring WebFlux on Reactor Netty. The server's event loop
 * fires the 12 queries and returns a {@code Mono}; once the last query completes, the page is
 * rendered (WebFlux's FreeMarker view) back on the request's event loop. No thread waits, and there
 * is no door: as the MVC reactive page, a page that cannot be served is refused by the sources'
 * queues (503).
 */
@Controller
@Conditional(Serving.OnWebflux.class)
class WebfluxPageController {

    private final PortalService portal;

    WebfluxPageController(PortalService portal) {
        this.portal = portal;
    }

    @GetMapping("/")
    Mono<Rendering> page(@RequestParam(required = false) String seed,
                         @RequestHeader(name = PortalView.PREFER, required = false) String prefer,
                         ServerWebExchange exchange) {
        return Mono.fromCompletionStage(portal.load(seed).thenApplyAsync(page -> page, eventLoopOf(exchange)))
                .map(page -> view(page, prefer));
    }

    /**
     * The request's own event loop: the page is rendered and written there, as if it had been served
     * without leaving it. Written from the thread that completed the last query (an R2DBC or Vert.x
     * loop, or the timer), Reactor Netty 1.3.6 ended the exchange in a later task of the server's loop;
     * a keep-alive client's next request read in between was queued and never read again until the
     * client gave up (one page in a few hundred under oha, {@code KeepAliveTest}). Reported against
     * 1.3.7 as reactor-netty#4361 and fixed in a later snapshot; 1.3.8, the newest release served
     * here, needs a Netty whose native transports are not.
     */
    private static Executor eventLoopOf(ServerWebExchange exchange) {
        Object request = ServerHttpRequestDecorator.getNativeRequest(exchange.getRequest());
        return ((Connection) request).channel().eventLoop();
    }

    /** WebFlux's view of {@link PortalView#answer}: the same rules (503, 502 when strict) as Spring MVC's. */
    private static Rendering view(PortalPage page, String prefer) {
        PortalView.Answer answer = PortalView.answer(page, prefer);
        Rendering.Builder<?> view = Rendering.view(PortalView.TEMPLATE).modelAttribute("page", page).status(answer.status());
        if (answer.strict()) {
            view.header(PortalView.PREFERENCE_APPLIED, PortalView.STRICT);
        }
        return view.build();
    }
}
