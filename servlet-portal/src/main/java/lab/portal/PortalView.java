package lab.portal;

import jakarta.servlet.http.HttpServletResponse;
import java.util.Arrays;
import java.util.Locale;
import org.springframework.http.HttpStatus;
import org.springframework.web.servlet.ModelAndView;

/**
 * A loaded page as the controllers of both web stacks answer it ({@link #answer}, then MVC's
 * {@link #of} or WebFlux's own view): template {@code portal}; a page on which a source
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
    /** The header that says the strict preference was applied, and the page's template. */
    public static final String PREFERENCE_APPLIED = "Preference-Applied";
    public static final String TEMPLATE = "portal";

    private PortalView() {
    }

    /**
     * How a page is answered, whichever stack writes it.
     *
     * @param strict whether the client asked for degraded pages as errors (then {@link #PREFERENCE_APPLIED} is sent)
     */
    public record Answer(HttpStatus status, boolean strict) {
    }

    /** The answer to {@code page}; throws the refusal of an overloaded source instead (a 503). */
    public static Answer answer(PortalPage page, String prefer) {
        page.overload().ifPresent(refused -> {
            throw refused;
        });
        boolean strict = strict(prefer);
        return new Answer(strict && page.failed() > 0 ? HttpStatus.BAD_GATEWAY : HttpStatus.OK, strict);
    }

    /** Spring MVC's view of {@link #answer}. */
    static ModelAndView of(PortalPage page, String prefer, HttpServletResponse response) {
        Answer answer = answer(page, prefer);
        if (answer.strict()) {
            response.setHeader(PREFERENCE_APPLIED, STRICT);
        }
        ModelAndView view = new ModelAndView(TEMPLATE).addObject("page", page);
        view.setStatus(answer.status());
        return view;
    }

    /** Whether a Prefer header's comma-separated preferences include handling=strict. */
    public static boolean strict(String prefer) {
        return prefer != null && Arrays.stream(prefer.split(","))
                .map(p -> p.strip().replace("\"", "").toLowerCase(Locale.ROOT).replace(" ", ""))
                .anyMatch(p -> p.equals(STRICT) || p.startsWith(STRICT + ";"));
    }
}
