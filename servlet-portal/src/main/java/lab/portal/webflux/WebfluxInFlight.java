package lab.portal.webflux;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.atomic.AtomicInteger;
import lab.portal.InFlight;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Spring WebFlux: requests being served right now, the gauge {@code http.server.requests.in.flight}
 * ({@link InFlight} on Spring MVC): counted from the filter until the response is written,
 * the lab's probes under /actuator left out.
 */
@Component
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
class WebfluxInFlight implements WebFilter {

    private final AtomicInteger inFlight;

    WebfluxInFlight(MeterRegistry registry) {
        this.inFlight = InFlight.gauge(registry);
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (exchange.getRequest().getPath().value().startsWith(InFlight.PROBES)) {
            return chain.filter(exchange);
        }
        inFlight.incrementAndGet();
        return chain.filter(exchange).doFinally(signal -> inFlight.decrementAndGet());
    }
}
