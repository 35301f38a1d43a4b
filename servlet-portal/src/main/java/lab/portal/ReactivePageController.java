package lab.portal;

import org.springframework.context.annotation.Conditional;
import org.springframework.stereotype.Controller;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import reactor.core.publisher.Mono;

/**
 * {@code reactive}: the request thread fires the queries and returns a {@code Mono}; Spring MVC
 * starts async processing and gives the thread back to Tomcat until the results arrive.
 */
@Controller
@Conditional(Serving.OnReactive.class)
class ReactivePageController {

    private final PortalService portal;

    ReactivePageController(PortalService portal) {
        this.portal = portal;
    }

    @GetMapping("/")
    Mono<ModelAndView> page(@RequestParam(required = false) String seed,
                            @RequestHeader(name = PortalView.PREFER, required = false) String prefer,
                            HttpServletResponse response) {
        return Mono.fromCompletionStage(portal.load(seed)).map(page -> PortalView.of(page, prefer, response));
    }
}
