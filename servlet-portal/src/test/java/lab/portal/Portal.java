package lab.portal;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import com.jayway.jsonpath.JsonPath;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.http.client.ReactorResourceFactory;
import reactor.netty.resources.LoopResources;

/**
 * A real portal in this JVM: Spring Boot on Tomcat on a random port, against the seeded test
 * databases. {@link #shared} keeps one per mode for the whole run; others are closed by their test.
 */
final class Portal implements AutoCloseable {

    /** Timeouts short enough for quick failure tests, long enough for a busy 2-core machine. */
    static final Duration PAGE_TIMEOUT = Duration.ofSeconds(4);
    private static final Map<Serving, Portal> SHARED = new HashMap<>();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    final Serving mode;
    final ConfigurableApplicationContext context;
    final int port;

    private Portal(Serving mode, ConfigurableApplicationContext context) {
        this.mode = mode;
        this.context = context;
        this.port = ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    /** One portal per mode with the test defaults, started on first use, stopped when the JVM ends. */
    static synchronized Portal shared(Serving mode) {
        return SHARED.computeIfAbsent(mode, m -> {
            Portal portal = start(m, Map.of());
            Runtime.getRuntime().addShutdownHook(new Thread(portal::close));
            return portal;
        });
    }

    /** A portal of its own: {@code overrides} win over the test defaults (e.g. a source URL). */
    static Portal start(Serving mode, Map<String, String> overrides) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("server.port", "0");
        properties.put("portal.scale", TestDatabases.SCALE.id());
        properties.put("portal.pool-size", "4");
        properties.put("portal.executor-threads", "8");
        properties.put("portal.connect-timeout", "2s");
        properties.put("portal.query-timeout", "3s");
        properties.put("portal.page-timeout", PAGE_TIMEOUT.toSeconds() + "s");
        properties.put("portal.health-timeout", "2s");
        properties.put("logging.level.root", "warn");
        properties.put("logging.level.lab.portal.SourceHealth", "info");
        properties.putAll(TestDatabases.properties());
        properties.putAll(overrides);
        List<String> args = new ArrayList<>();
        properties.forEach((k, v) -> args.add("--" + k + "=" + v));
        SpringApplication application = PortalApplication.create(mode);
        application.addInitializers(Portal::ownLoopsOnWebflux);
        return new Portal(mode, application.run(args.toArray(String[]::new)));
    }

    /**
     * A WebFlux portal's server on event loops of its own rather than Reactor Netty's global ones:
     * closing a portal that had the global loops disposes them, and with them the server of every
     * shared WebFlux portal in this JVM. Named as the global ones are.
     */
    private static void ownLoopsOnWebflux(ConfigurableApplicationContext context) {
        if (Serving.configured(context.getEnvironment()).webflux()) {
            ((GenericApplicationContext) context).registerBean(ReactorResourceFactory.class, () -> {
                ReactorResourceFactory loops = new ReactorResourceFactory();
                loops.setUseGlobalResources(false);
                loops.setLoopResourcesSupplier(() -> LoopResources.create("reactor-http"));
                return loops;
            });
        }
    }

    Response get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET().build()).join();
    }

    /** A GET with one request header, e.g. {@code Prefer: handling=strict}. */
    Response get(String path, String header, String value) {
        return send(HttpRequest.newBuilder(uri(path)).header(header, value).GET().build()).join();
    }

    CompletableFuture<Response> getAsync(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET().build());
    }

    Response post(String path) {
        return send(HttpRequest.newBuilder(uri(path)).POST(HttpRequest.BodyPublishers.noBody()).build()).join();
    }

    /** Calls executed by the mode's four clients so far: the access module's {@code access.execution} count. */
    long executions() {
        return context.getBean(MeterRegistry.class).find("access.execution").timers().stream().mapToLong(Timer::count).sum();
    }

    double counter(String name) {
        var counter = context.getBean(MeterRegistry.class).find(name).counter();
        return counter == null ? 0 : counter.count();
    }

    @Override
    public void close() {
        context.close();
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private static CompletableFuture<Response> send(HttpRequest request) {
        long start = System.nanoTime();
        return HTTP.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .thenApply(r -> new Response(r.statusCode(), r.headers().firstValue("Retry-After").orElse(null),
                        r.headers().firstValue("Content-Type").orElse(""), r.headers().firstValueAsLong("Content-Length").stream().boxed()
                        .findFirst().orElse(null), r.body(), Duration.ofNanos(System.nanoTime() - start)));
    }

    /** {@code contentLength}: null when the body came in chunks. */
    record Response(int status, String retryAfter, String contentType, Long contentLength, String body, Duration took) {
        PageData page() {
            return PageData.parse(body);
        }

        Object json(String path) {
            return JsonPath.read(body, path);
        }
    }
}
