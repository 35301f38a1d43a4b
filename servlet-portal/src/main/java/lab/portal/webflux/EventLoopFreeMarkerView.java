package lab.portal.webflux;

import freemarker.template.Template;
import java.util.Locale;
import org.springframework.web.reactive.result.view.freemarker.FreeMarkerView;
import reactor.core.publisher.Mono;

/**
 * WebFlux's FreeMarker view, looking its template up where the page is: on the event loop.
 * Spring's view subscribes the lookup on {@code Schedulers.boundedElastic()}, in case loading a
 * template blocks, so every page hopped twice to that pool (to resolve the view, then to render
 * it) and up to 20 more threads lived beside the server's four. Here the templates sit in the jar,
 * FreeMarker keeps them parsed, and their staleness is checked once an hour
 * ({@code template_update_delay}, {@link lab.portal.Serving#springDefaults}): nothing to wait for.
 */
public class EventLoopFreeMarkerView extends FreeMarkerView {

    @Override
    protected Mono<Template> lookupTemplate(Locale locale) {
        return Mono.fromCallable(() -> getEncoding() != null
                ? obtainConfiguration().getTemplate(getUrl(), locale, getEncoding())
                : obtainConfiguration().getTemplate(getUrl(), locale));
    }
}
