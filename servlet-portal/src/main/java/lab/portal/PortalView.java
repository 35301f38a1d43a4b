package lab.portal;

import jakarta.servlet.http.HttpServletResponse;
import java.util.Arrays;
import java.util.Locale;
import org.springframework.http.HttpStatus;
import org.springframework.web.servlet.ModelAndView;

/**
 * A loaded page as the controllers answer it: template {@code portal}; a page on which a source
 * refused queries for lack of room is not shown half empty but rethrown, so that
 * {@link ErrorPages} answers 503 with Retry-After.
 *
 * <p>A page with a failed panel is a 200 for a person (the other panels are worth reading), but
 * not a complete answer: a client that sends {@code Prefer: handling=strict} (RFC 7240, as the
 * load tools do) gets it as 502, the same page, so that a tool that counts only status codes
 * counts it as a failure, not as throughput.
 */
public final class PortalView {

    /** The request header that asks for degraded pages as errors, and its value. */
    public static final String PREFER = "Prefer";
    public static final String STRICT = "handling=strict";

    private PortalView() {
    }

    static ModelAndView of(PortalPage page, String prefer, HttpServletResponse response) {
        page.overload().ifPresent(refused -> {
            throw refused;
        });
        ModelAndView view = new ModelAndView("portal").addObject("page", page);
        if (strict(prefer)) {
            response.setHeader("Preference-Applied", STRICT);
            if (page.failed() > 0) {
                view.setStatus(HttpStatus.BAD_GATEWAY);
            }
        }
        return view;
    }

    /** Whether a Prefer header's comma-separated preferences include handling=strict. */
    public static boolean strict(String prefer) {
        return prefer != null && Arrays.stream(prefer.split(","))
                .map(p -> p.strip().replace("\"", "").toLowerCase(Locale.ROOT).replace(" ", ""))
                .anyMatch(p -> p.equals(STRICT) || p.startsWith(STRICT + ";"));
    }
}
