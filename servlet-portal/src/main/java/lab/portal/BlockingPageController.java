package lab.portal;

import org.springframework.context.annotation.Conditional;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;

/** {@code jdbc}, {@code threadpool}, {@code nonblocking}, {@code virtual}: the request thread fires the queries and joins. */
@Controller
@Conditional(PortalMode.OnBlocking.class)
class BlockingPageController {

    private final PortalService portal;

    BlockingPageController(PortalService portal) {
        this.portal = portal;
    }

    @GetMapping("/")
    ModelAndView page(@RequestParam(required = false) String seed) {
        return PortalView.of(portal.page(seed));
    }
}
