package lab.portal.webflux;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.freemarker.autoconfigure.FreeMarkerProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.web.reactive.result.view.View;
import org.springframework.web.reactive.result.view.freemarker.FreeMarkerConfig;
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
     * Every template of the portal parsed once at start, on the main thread, for the configuration's
     * locale ({@link EventLoopFreeMarkerView}): the pages' includes too, so no page reads the jar on
     * an event loop. A template that does not parse stops the start.
     */
    @Bean
    SmartInitializingSingleton templatesParsedAtStart(FreeMarkerConfig config, FreeMarkerProperties properties) {
        return () -> {
            freemarker.template.Configuration configuration = config.getConfiguration();
            PathMatchingResourcePatternResolver resources = new PathMatchingResourcePatternResolver();
            try {
                for (String path : properties.getTemplateLoaderPath()) {
                    for (Resource template : resources.getResources(path + (path.endsWith("/") ? "" : "/") + "*" + properties.getSuffix())) {
                        configuration.getTemplate(template.getFilename(), configuration.getLocale());
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot parse the portal's templates", e);
            }
        };
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
