package lab.portal.webflux;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.web.WebProperties;
import org.springframework.boot.webflux.autoconfigure.error.AbstractErrorWebExceptionHandler;
import org.springframework.boot.webflux.error.ErrorAttributes;
import org.springframework.context.ApplicationContext;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.reactive.result.view.ViewResolver;
import org.springframework.web.server.ResponseStatusException;
import reactor.core.publisher.Mono;
import lab.portal.Problem;

/**
 * Spring WebFlux: what no controller answered (an unknown path, a wrong method, anything
 * unexpected) as the same short page as on Spring MVC ({@link Problem#of}), in place of Spring
 * Boot's default handler (which would render {@code error/404} views or its white-label page).
 * A 5xx is logged with its cause; the page never shows it.
 */
@Component
@Order(-2)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
class WebfluxErrorHandler extends AbstractErrorWebExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(WebfluxErrorHandler.class);

    WebfluxErrorHandler(ErrorAttributes errorAttributes, WebProperties web, ApplicationContext context,
                        ServerCodecConfigurer codecs, ObjectProvider<ViewResolver> viewResolvers) {
        super(errorAttributes, web.getResources(), context);
        setMessageWriters(codecs.getWriters());
        setMessageReaders(codecs.getReaders());
        setViewResolvers(viewResolvers.orderedStream().toList());
    }

    @Override
    protected RouterFunction<ServerResponse> getRoutingFunction(ErrorAttributes errorAttributes) {
        return RouterFunctions.route(RequestPredicates.all(), this::page);
    }

    private Mono<ServerResponse> page(ServerRequest request) {
        Throwable error = getError(request);
        HttpStatus status = error instanceof ResponseStatusException r && HttpStatus.resolve(r.getStatusCode().value()) != null
                ? HttpStatus.valueOf(r.getStatusCode().value()) : HttpStatus.INTERNAL_SERVER_ERROR;
        if (status.is5xxServerError()) {
            log.error("{} on {}", status.value(), request.path(), error);
        }
        Problem problem = Problem.of(status, request.path());
        return ServerResponse.status(status).contentType(MediaType.TEXT_HTML).render("error", problem.model());
    }

    /** Logged above, once, only for a 5xx; the base class would log every 404 too. */
    @Override
    protected void logError(ServerRequest request, ServerResponse response, Throwable throwable) {
    }
}
