package lab.portal;

import jakarta.servlet.http.HttpServletResponse;
import java.time.Duration;
import lab.access.OverloadedException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;

/**
 * The portal's own failures as short styled pages (template {@code error.ftlh}), never a stack
 * trace: a bad seed is 400, a full queue or a door whose wait ran out ({@link PageDoor}) 503 with Retry-After. Everything else reaches
 * {@link ErrorPageController} through the container's error page.
 */
@ControllerAdvice
class ErrorPages {

    private final Duration retryAfter;

    ErrorPages(PortalProperties properties) {
        this.retryAfter = properties.retryAfter();
    }

    @ExceptionHandler(SeedParameter.InvalidSeedException.class)
    ModelAndView badSeed(SeedParameter.InvalidSeedException e) {
        return page(HttpStatus.BAD_REQUEST, e.getMessage());
    }

    @ExceptionHandler(OverloadedException.class)
    ModelAndView overloaded(OverloadedException e, HttpServletResponse response) {
        long seconds = Math.max(1, retryAfter.toSeconds());
        response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
        return page(HttpStatus.SERVICE_UNAVAILABLE, "The portal is busy: " + e.source()
                + " has no room for more queries. Try again in " + seconds + " s.");
    }

    @ExceptionHandler(PageDoor.Full.class)
    ModelAndView full(PageDoor.Full e, HttpServletResponse response) {
        long seconds = Math.max(1, retryAfter.toSeconds());
        response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
        return page(HttpStatus.SERVICE_UNAVAILABLE, "The portal is busy: " + e.getMessage() + ". Try again in " + seconds + " s.");
    }

    static ModelAndView page(HttpStatus status, String message) {
        ModelAndView page = new ModelAndView("error", status);
        page.addObject("status", status.value());
        page.addObject("title", status.getReasonPhrase());
        page.addObject("message", message);
        return page;
    }
}
