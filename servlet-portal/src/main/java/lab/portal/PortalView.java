package lab.portal;

import org.springframework.web.servlet.ModelAndView;

/**
 * A loaded page as the controllers answer it: template {@code portal}; a page on which a source
 * refused queries for lack of room is not shown half empty but rethrown, so that
 * {@link ErrorPages} answers 503 with Retry-After.
 */
final class PortalView {

    private PortalView() {
    }

    static ModelAndView of(PortalPage page) {
        page.overload().ifPresent(refused -> {
            throw refused;
        });
        return new ModelAndView("portal").addObject("page", page);
    }
}
