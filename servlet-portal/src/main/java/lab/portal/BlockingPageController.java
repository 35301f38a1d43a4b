package lab.portal;

import org.springframework.context.annotation.Conditional;
import org.springframework.stereotype.Controller;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;

/**
 * {@code jdbc}, {@code threadpool}, {@code nonblocking}, {@code virtual}: the request thread fires the
 * queries and joins, once the {@link PageDoor} lets the page in.
 */
@Controller
@Conditional(Serving.OnBlocking.class)
class BlockingPageController {

    private final PortalService portal;
    private final PageDoor door;

    BlockingPageController(PortalService portal, PageDoor door) {
        this.portal = portal;
        this.door = door;
    }

    @GetMapping("/")
    ModelAndView page(@RequestParam(required = false) String seed,
                      @RequestHeader(name = PortalView.PREFER, required = false) String prefer,
                      HttpServletResponse response) {
        return PortalView.of(door.through(() -> portal.page(seed)), prefer, response);
    }
}
