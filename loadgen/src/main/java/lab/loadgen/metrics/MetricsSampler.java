package lab.loadgen.metrics;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.OptionalDouble;

/**
 * Scrapes an instance's Prometheus endpoint every {@code interval} while a point runs and keeps the
 * maxima of live threads and heap and the mean process CPU. Usage: start(), run the point, stop().
 */
public final class MetricsSampler {

    private static final double MB = 1024.0 * 1024.0;
    /** The link's measured round trip per source, exported by the apps (the link module's probe). */
    static final String LINK_RTT = "lab_link_rtt_ms";
    /** The app's own count of requests being served (the portal's and the shop's gauge). */
    public static final String IN_FLIGHT = "http_server_requests_in_flight";
    /** The app's own answer limit: by then it has answered every request, with its page or an error. */
    public static final String ANSWER_LIMIT = "lab_answer_limit_seconds";

    private final HttpClient client;
    private final URI uri;
    private final Duration interval;
    private final java.util.function.Consumer<PrometheusText> tap;
    private Thread thread;
    private Thread counter;
    private volatile boolean stopping;

    private int samples;
    private Integer maxThreads;
    private Double maxHeapMb;
    private double cpuSum;
    private int cpuSamples;
    private String lastError;
    private Double firstPanelFailures;
    private Double lastPanelFailures;
    private final java.util.Map<String, Integer> poolSize = new java.util.TreeMap<>();
    private Boolean multiplexing;
    private final java.util.Map<String, Double> rttLast = new java.util.TreeMap<>();
    private double inFlightSum;
    private int inFlightSamples;
    /**
     * The load tool's open connections to the app, counted every {@link #CONNECTIONS_PERIOD} while the tool
     * ran, on a clock of their own: a blocked app whose scrapes time out still gets its count. Their mean,
     * from the first count that found one open ({@link #held}), is what it held over its window (a tool
     * still connecting holds no request on what it has not opened); the most of them read 10,000 for a
     * shop point whose rate × wrk's mean reply was 5,650.
     */
    private final java.util.List<Integer> toolConnections = new java.util.ArrayList<>();
    private static final Duration CONNECTIONS_PERIOD = Duration.ofSeconds(1);

    public MetricsSampler(HttpClient client, URI uri, Duration interval) {
        this(client, uri, interval, text -> { });
    }

    /** {@code tap}: also given every scrape read (the live page's figures: no second scraper). */
    public MetricsSampler(HttpClient client, URI uri, Duration interval, java.util.function.Consumer<PrometheusText> tap) {
        this.client = client;
        this.uri = uri;
        this.interval = interval;
        this.tap = tap;
    }

    public void start() {
        stopping = false;
        thread = Thread.ofVirtual().name("metrics-" + uri.getPort()).start(this::loop);
        counter = Thread.ofVirtual().name("connections-" + uri.getPort()).start(this::countConnections);
    }

    /** Stops polling after one last scrape and returns what was seen. */
    public ServerMetrics stop() throws InterruptedException {
        stopping = true;
        thread.interrupt();
        counter.interrupt();
        thread.join();
        counter.join();
        double inFlightDuringRepetition;
        int inFlightCount;
        Double held;
        synchronized (this) {
            held = held(toolConnections);
            // the requests in flight while the tool ran: the last scrape, after it, is left out
            inFlightDuringRepetition = inFlightSum;
            inFlightCount = inFlightSamples;
        }
        scrape();
        synchronized (this) {
            Double cpu = cpuSamples == 0 ? null : cpuSum / cpuSamples * 100.0;
            String error = samples == 0 ? "no scrape of " + uri + " succeeded: " + lastError : null;
            Long failedPanels = firstPanelFailures == null ? null : Math.round(lastPanelFailures - firstPanelFailures);
            java.util.Map<String, Double> rtt = new java.util.TreeMap<>();
            rttLast.forEach((k, v) -> rtt.put(k, Math.round(v * 1000.0) / 1000.0));
            Double inFlight = inFlightCount == 0 ? null : Math.round(inFlightDuringRepetition / inFlightCount * 100.0) / 100.0;
            return new ServerMetrics(maxThreads, maxHeapMb, cpu, failedPanels, samples, error,
                    java.util.Map.copyOf(poolSize), multiplexing, java.util.Map.copyOf(rtt), inFlight, held);
        }
    }

    private void loop() {
        while (!stopping) {
            scrape();
            try {
                Thread.sleep(interval);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * The mean of {@code counts} from the first that found a connection open, to 0.1; null without one.
     * A last count below the one before is left out: it may fall in the tool's closes as it exits.
     */
    static Double held(java.util.List<Integer> counts) {
        java.util.List<Integer> open = counts.stream().dropWhile(n -> n == 0).toList();
        if (open.size() > 1 && open.getLast() < open.get(open.size() - 2)) {
            open = open.subList(0, open.size() - 1);
        }
        return open.isEmpty() ? null
                : Math.round(open.stream().mapToInt(Integer::intValue).average().orElseThrow() * 10.0) / 10.0;
    }

    private void countConnections() {
        while (!stopping) {
            try {
                Thread.sleep(CONNECTIONS_PERIOD);
            } catch (InterruptedException e) {
                return;
            }
            ToolConnections.count(uri.getPort()).ifPresent(n -> {
                synchronized (this) {
                    toolConnections.add(n);
                }
            });
        }
    }

    private void scrape() {
        try {
            HttpRequest req = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(2)).GET().build();
            HttpResponse<String> resp = client.send(req, HttpResponse.BodyHandlers.ofString());
            if (resp.statusCode() != 200) {
                record(null, "HTTP " + resp.statusCode());
                return;
            }
            PrometheusText text = PrometheusText.parse(resp.body());
            record(text, null);
            tap.accept(text);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            record(null, e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
    }

    private synchronized void record(PrometheusText text, String error) {
        if (text == null) {
            lastError = error;
            return;
        }
        OptionalDouble threads = text.sum("jvm_threads_live_threads");
        OptionalDouble heap = text.sum("jvm_memory_used_bytes", "area", "heap");
        OptionalDouble cpu = text.sum("process_cpu_usage");
        OptionalDouble panelFailures = text.sum("portal_panel_failures_total");
        if (threads.isEmpty() && heap.isEmpty() && cpu.isEmpty()) {
            lastError = "no jvm_threads_live_threads, jvm_memory_used_bytes or process_cpu_usage in " + uri;
            return;
        }
        samples++;
        text.sum(IN_FLIGHT).ifPresent(n -> {
            inFlightSum += n;
            inFlightSamples++;
        });
        threads.ifPresent(t -> maxThreads = Math.max(maxThreads == null ? 0 : maxThreads, (int) t));
        heap.ifPresent(h -> maxHeapMb = Math.max(maxHeapMb == null ? 0 : maxHeapMb, h / MB));
        panelFailures.ifPresent(f -> {
            firstPanelFailures = firstPanelFailures == null ? f : firstPanelFailures;
            lastPanelFailures = f;
        });
        text.byLabel("access_pool_size", "source").forEach((k, v) -> poolSize.put(k, (int) Math.round(v)));
        OptionalDouble mux = text.sum("access_multiplexed");
        if (mux.isPresent()) {
            multiplexing = mux.getAsDouble() > 0;
        }
        // the probe's latest figure: one taken before a link change is replaced within the point
        rttLast.putAll(text.byLabel(LINK_RTT, "source"));
        cpu.ifPresent(c -> {
            cpuSum += c;
            cpuSamples++;
        });
    }
}
