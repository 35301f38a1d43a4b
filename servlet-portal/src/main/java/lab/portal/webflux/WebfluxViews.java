package lab.portal.webflux;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.freemarker.autoconfigure.FreeMarkerProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.reactive.result.view.View;
import org.springframework.web.reactive.result.view.freemarker.FreeMarkerViewResolver;
import reactor.core.publisher.Mono;

/**
 * Spring Boot's FreeMarker view resolver for WebFlux (it steps back for a bean of this name), set up
 * as Boot sets it up, with {@link EventLoopFreeMarkerView} as its views, each built once.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
class WebfluxViews {

    @Bean
    FreeMarkerViewResolver freeMarkerViewResolver(FreeMarkerProperties properties) {
        FreeMarkerViewResolver resolver = new Cached(properties.getPrefix(), properties.getSuffix());
        resolver.setViewClass(EventLoopFreeMarkerView.class);
        resolver.setRequestContextAttribute(properties.getRequestContextAttribute());
        resolver.setViewNames(properties.getViewNames());
        resolver.setOrder(Ordered.LOWEST_PRECEDENCE - 5);
        return resolver;
    }

    /**
     * WebFlux's resolver builds a new view for every page, as Spring MVC's does uncached: its set-up
     * (bean post-processing, then a search of the bean factory for the FreeMarker configuration) took
     * 9 % of portal-webflux's CPU at 200 connections (JFR, 110 of 1,271 samples). A view renders any
     * number of pages, and the templates' locale is chosen when each is rendered, so one per name serves.
     */
    static final class Cached extends FreeMarkerViewResolver {

        private final Map<String, View> views = new ConcurrentHashMap<>();

        Cached(String prefix, String suffix) {
            super(prefix, suffix);
        }

        @Override
        public Mono<View> resolveViewName(String viewName, Locale locale) {
            View view = views.get(viewName);
            return view != null ? Mono.just(view) : super.resolveViewName(viewName, locale).doOnNext(v -> views.putIfAbsent(viewName, v));
        }
    }
}
