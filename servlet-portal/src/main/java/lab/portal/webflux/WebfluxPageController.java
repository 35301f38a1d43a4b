package lab.portal.webflux;

import lab.portal.PortalPage;
import lab.portal.PortalService;
import lab.portal.PortalView;
import lab.portal.Serving;
import org.springframework.context.annotation.Conditional;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.reactive.result.view.Rendering;
import reactor.core.publisher.Mono;

/**
 * {@code webflux}, {@code webflux-vertx}: Spring WebFlux on Reactor Netty. The server's event loop
 * fires the 12 queries and returns a {@code Mono}; the page is rendered (WebFlux's FreeMarker view)
 * on whichever event loop completes the last query. No thread waits, and there is no door: as the
 * MVC reactive page, a page that cannot be served is refused by the sources' queues (503).
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
                         @RequestHeader(name = PortalView.PREFER, required = false) String prefer) {
        return Mono.fromCompletionStage(portal.load(seed)).map(page -> view(page, prefer));
    }

    /** As {@link PortalView}: an overloaded source's refusal is rethrown (503), a degraded page is 502 when strict. */
    private static Rendering view(PortalPage page, String prefer) {
        page.overload().ifPresent(refused -> {
            throw refused;
        });
        Rendering.Builder<?> view = Rendering.view("portal").modelAttribute("page", page);
        if (PortalView.strict(prefer)) {
            view.header("Preference-Applied", PortalView.STRICT);
            if (page.failed() > 0) {
                view.status(HttpStatus.BAD_GATEWAY);
            }
        }
        return view.build();
    }
}
