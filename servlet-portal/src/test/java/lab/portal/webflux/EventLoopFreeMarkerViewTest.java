package lab.portal.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import lab.portal.Problem;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.StaticApplicationContext;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.reactive.result.view.freemarker.FreeMarkerConfigurer;
import org.springframework.web.reactive.result.view.freemarker.FreeMarkerView;

/** The portal's WebFlux view renders on the caller's thread, where Spring's own view hops to another pool. */
class EventLoopFreeMarkerViewTest {

    @Test
    void rendersOnTheCallersThreadWithoutAHopToAnotherPool() throws Exception {
        // Spring's own view looks the template up on Reactor's bounded-elastic pool, so whether it is done when
        // render() returns depends on that pool's timing: only the portal's view is asserted
        assertThat(rendered(new EventLoopFreeMarkerView())).as("done before render() returns").isDone();
    }

    @Test
    void thePageIsWritten() throws Exception {
        MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/nope"));
        view(new EventLoopFreeMarkerView()).render(Problem.of(HttpStatus.NOT_FOUND, "/nope").model(), MediaType.TEXT_HTML, exchange).block();
        assertThat(exchange.getResponse().getBodyAsString().block()).contains("There is no page at /nope", "</html>");
    }

    private static CompletableFuture<Void> rendered(FreeMarkerView view) throws Exception {
        MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/"));
        return view(view).render(Problem.of(HttpStatus.NOT_FOUND, "/").model(), MediaType.TEXT_HTML, exchange).toFuture();
    }

    private static FreeMarkerView view(FreeMarkerView view) throws Exception {
        FreeMarkerConfigurer templates = new FreeMarkerConfigurer();
        templates.setTemplateLoaderPath("classpath:/templates/");
        templates.afterPropertiesSet();
        view.setConfiguration(templates.getConfiguration());
        view.setApplicationContext(new StaticApplicationContext());
        view.setUrl("error.ftlh");
        return view;
    }
}
