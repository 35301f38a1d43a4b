package lab.shop.http;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The server's own meters, named as the portal's (Spring) are: {@code http.server.requests}
 * (tags method, uri = route template, status, outcome, exception), plus
 * {@code http.server.connections.open}, {@code http.server.connections.accepted} and
 * {@code http.server.requests.in.flight} (requests being served, the lab's own probes left out:
 * the app's own figure for loadgen's Little's-law check and its wait for an idle instance). The instance is also the
 * handler that counts connections, shared by every channel.
 */
@Sharable
public final class HttpMetrics extends ChannelInboundHandlerAdapter {

    private final MeterRegistry registry;
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Counter accepted;
    private final Map<TimerKey, Timer> timers = new ConcurrentHashMap<>();

    public HttpMetrics(MeterRegistry registry) {
        this.registry = registry;
        Gauge.builder("http.server.connections.open", open, AtomicInteger::get)
                .description("client connections open right now").register(registry);
        Gauge.builder("http.server.requests.in.flight", inFlight, AtomicInteger::get)
                .description("requests being served right now").register(registry);
        this.accepted = Counter.builder("http.server.connections.accepted")
                .description("client connections accepted since start").register(registry);
    }

    /** The lab's own probes, left out of the requests in flight: a scrape would count itself. */
    static final java.util.Set<String> PROBES = java.util.Set.of("/metrics", "/health", "/health/live");

    /** A request to {@code route} starts being served; {@link #record} ends it. */
    void begin(String route) {
        if (!PROBES.contains(route)) {
            inFlight.incrementAndGet();
        }
    }

    void record(String method, String uri, int status, String exception, long startedNanos) {
        if (!PROBES.contains(uri)) {
            inFlight.decrementAndGet();
        }
        timers.computeIfAbsent(new TimerKey(method, uri, status, exception), this::timer)
                .record(System.nanoTime() - startedNanos, TimeUnit.NANOSECONDS);
    }

    /** One timer per tag combination, looked up without building tags on every request. */
    private record TimerKey(String method, String uri, int status, String exception) {
    }

    private Timer timer(TimerKey k) {
        return Timer.builder("http.server.requests")
                .tags("method", k.method(), "uri", k.uri(), "status", Integer.toString(k.status()),
                        "outcome", outcome(k.status()), "exception", k.exception())
                .register(registry);
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        open.incrementAndGet();
        accepted.increment();
        super.channelActive(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        open.decrementAndGet();
        super.channelInactive(ctx);
    }

    private static String outcome(int status) {
        return switch (status / 100) {
            case 1 -> "INFORMATIONAL";
            case 2 -> "SUCCESS";
            case 3 -> "REDIRECTION";
            case 4 -> "CLIENT_ERROR";
            case 5 -> "SERVER_ERROR";
            default -> "UNKNOWN";
        };
    }
}
