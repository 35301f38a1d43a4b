package lab.portal;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Requests being served right now (the lab's probes under /actuator left out), the gauge
 * {@code http.server.requests.in.flight}: counted from
 * the filter until the response is complete, the asynchronous ones (reactive) until their async
 * cycle ends. loadgen reads it as the app's own in-flight figure (Little's law) and waits for it
 * to reach 0 before the next repetition.
 */
@Component
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
public class InFlight extends OncePerRequestFilter {

    /** The path under which the lab's own probes are left out. */
    public static final String PROBES = "/actuator/";

    private final AtomicInteger inFlight;

    InFlight(MeterRegistry registry) {
        this.inFlight = gauge(registry);
    }

    /** The gauge, on either web stack (WebFlux: {@code lab.portal.webflux.WebfluxInFlight}): the count it reads. */
    public static AtomicInteger gauge(MeterRegistry registry) {
        AtomicInteger inFlight = new AtomicInteger();
        Gauge.builder("http.server.requests.in.flight", inFlight, AtomicInteger::get)
                .description("requests being served right now").register(registry);
        return inFlight;
    }

    /** The lab's own probes (health, metrics) are left out: a scrape would count itself. */
    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return request.getRequestURI().startsWith(PROBES);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        inFlight.incrementAndGet();
        boolean async = false;
        try {
            chain.doFilter(request, response);
            async = request.isAsyncStarted();
            if (async) {
                request.getAsyncContext().addListener(new Done());
            }
        } finally {
            if (!async) {
                inFlight.decrementAndGet();
            }
        }
    }

    /** The end of an asynchronous request, however it ends (once: complete follows timeout and error). */
    private final class Done implements AsyncListener {
        private boolean counted;

        @Override
        public synchronized void onComplete(AsyncEvent event) {
            end();
        }

        @Override
        public synchronized void onTimeout(AsyncEvent event) {
            end();
        }

        @Override
        public synchronized void onError(AsyncEvent event) {
            end();
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            event.getAsyncContext().addListener(this); // a new async cycle keeps the request in flight
        }

        private void end() {
            if (!counted) {
                counted = true;
                inFlight.decrementAndGet();
            }
        }
    }
}
