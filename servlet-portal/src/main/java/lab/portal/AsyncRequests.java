package lab.portal;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.AsyncHandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Counts requests whose servlet thread went back to Tomcat while their result was pending
 * ({@code portal.requests.async}): every view in {@code reactive}, none in the blocking modes.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
class AsyncRequests implements AsyncHandlerInterceptor, WebMvcConfigurer {

    private final Counter released;

    AsyncRequests(MeterRegistry registry) {
        this.released = Counter.builder("portal.requests.async")
                .description("requests whose servlet thread was released while their queries ran")
                .register(registry);
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(this).addPathPatterns("/");
    }

    @Override
    public void afterConcurrentHandlingStarted(HttpServletRequest request, HttpServletResponse response, Object handler) {
        released.increment();
    }
}
