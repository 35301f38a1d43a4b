package lab.portal;

import jakarta.servlet.http.HttpServletResponse;
import java.time.Duration;
import lab.access.OverloadedException;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.http.HttpHeaders;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;

/**
 * Spring MVC: the portal's own failures as short styled pages ({@link Problem}, template
 * {@code error.ftlh}), never a stack trace: a bad seed is 400, a full queue or a door whose wait ran
 * out ({@link PageDoor}) 503 with Retry-After. Everything else reaches {@link ErrorPageController}
 * through the container's error page. (WebFlux: {@code lab.portal.webflux.WebfluxErrors}.)
 */
@ControllerAdvice
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
class ErrorPages {

    private final Duration retryAfter;

    ErrorPages(PortalProperties properties) {
        this.retryAfter = properties.retryAfter();
    }

    @ExceptionHandler(SeedParameter.InvalidSeedException.class)
    ModelAndView badSeed(SeedParameter.InvalidSeedException e, HttpServletResponse response) {
        return page(Problem.badSeed(e), response);
    }

    @ExceptionHandler(OverloadedException.class)
    ModelAndView overloaded(OverloadedException e, HttpServletResponse response) {
        return page(Problem.overloaded(e, retryAfter), response);
    }

    @ExceptionHandler(PageDoor.Full.class)
    ModelAndView full(PageDoor.Full e, HttpServletResponse response) {
        return page(Problem.full(e, retryAfter), response);
    }

    static ModelAndView page(Problem problem, HttpServletResponse response) {
        if (problem.retryAfterSeconds() > 0) {
            response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(problem.retryAfterSeconds()));
        }
        return new ModelAndView("error", problem.model(), problem.status());
    }
}
