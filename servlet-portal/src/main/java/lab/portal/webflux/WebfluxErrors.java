package lab.portal.webflux;

import java.time.Duration;
import lab.access.OverloadedException;
import lab.portal.PortalProperties;
import lab.portal.Problem;
import lab.portal.SeedParameter;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.http.HttpHeaders;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.reactive.result.view.Rendering;

/**
 * Spring WebFlux: the page's own failures as short styled pages ({@link Problem}, template
 * {@code error.ftlh}): a bad seed is 400, a source with no room 503 with Retry-After. What no
 * controller raised (an unknown path, a wrong method, anything unexpected) reaches
 * {@link WebfluxErrorHandler}. (Spring MVC: {@code lab.portal.ErrorPages}.)
 */
@ControllerAdvice
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
class WebfluxErrors {

    private final Duration retryAfter;

    WebfluxErrors(PortalProperties properties) {
        this.retryAfter = properties.retryAfter();
    }

    @ExceptionHandler(SeedParameter.InvalidSeedException.class)
    Rendering badSeed(SeedParameter.InvalidSeedException e) {
        return page(Problem.badSeed(e));
    }

    @ExceptionHandler(OverloadedException.class)
    Rendering overloaded(OverloadedException e) {
        return page(Problem.overloaded(e, retryAfter));
    }

    static Rendering page(Problem problem) {
        Rendering.Builder<?> page = Rendering.view("error").model(problem.model()).status(problem.status());
        if (problem.retryAfterSeconds() > 0) {
            page.header(HttpHeaders.RETRY_AFTER, Long.toString(problem.retryAfterSeconds()));
        }
        return page.build();
    }
}
