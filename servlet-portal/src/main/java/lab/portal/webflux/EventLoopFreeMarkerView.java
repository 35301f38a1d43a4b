package lab.portal.webflux;

import freemarker.template.Configuration;
import freemarker.template.Template;
import java.util.Locale;
import org.springframework.web.reactive.result.view.freemarker.FreeMarkerView;
import reactor.core.publisher.Mono;

/**
 * WebFlux's FreeMarker view, looking its template up where the page is: on the event loop.
 * Spring's view subscribes the lookup on {@code Schedulers.boundedElastic()}, in case loading a
 * template blocks, so every page hopped twice to that pool (to resolve the view, then to render
 * it) and up to 20 more threads lived beside the server's four. Here nothing is loaded on the
 * loop: every template was parsed at start ({@link WebfluxViews#templatesParsedAtStart}), each
 * page takes the one parsed for the configuration's locale (FreeMarker keeps one per locale, and a
 * request's {@code Accept-Language} would load another), and staleness is checked once an hour
 * ({@code template_update_delay}, {@link lab.portal.Serving#springDefaults}). BlockHound fails a
 * test whose page reads a template on an event loop.
 */
public class EventLoopFreeMarkerView extends FreeMarkerView {

    @Override
    protected Mono<Template> lookupTemplate(Locale locale) {
        Configuration configuration = obtainConfiguration();
        return Mono.fromCallable(() -> getEncoding() != null
                ? configuration.getTemplate(getUrl(), configuration.getLocale(), getEncoding())
                : configuration.getTemplate(getUrl(), configuration.getLocale()));
    }
}
