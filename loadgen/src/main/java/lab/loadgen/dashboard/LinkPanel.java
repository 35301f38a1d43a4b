package lab.loadgen.dashboard;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.link.LabLink;
import lab.link.LinkFile;
import lab.loadgen.config.HostResolver;
import lab.loadgen.config.Instance;
import lab.loadgen.metrics.PrometheusText;

/**
 * The link on the dashboard home: the link in force ({@code .run/link}, lab.link) and the round
 * trip each instance measured through it per source, scraped from its {@code lab_link_rtt_ms}
 * gauges (lab.access.RoundTrip; a scrape also refreshes a stale probe).
 */
public record LinkPanel(String link, List<Row> rows) {

    /** One instance's measured RTT to one source, ms (NaN = not measured: the source fails or the probe is starting). */
    public record Row(String instance, String source, double ms) {
    }

    static final String METRIC = "lab_link_rtt_ms";
    private static final Pattern SOURCE = Pattern.compile("source=\"([^\"]*)\"");
    private static final Duration TIMEOUT = Duration.ofMillis(1500);

    static LinkPanel read(List<Instance> instances, HostResolver hosts, HttpClient http) throws InterruptedException {
        List<Row> rows = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<String>> scrapes = new ArrayList<>();
            for (Instance i : instances) {
                URI uri = URI.create(hosts.baseUrl(i) + i.metricsPath());
                scrapes.add(i.hasMetrics() ? pool.submit(() -> scrape(http, uri)) : null);
            }
            for (int k = 0; k < instances.size(); k++) {
                String text = get(scrapes.get(k));
                for (PrometheusText.Sample s : PrometheusText.parse(text).samples(METRIC)) {
                    Matcher m = SOURCE.matcher(s.labels());
                    rows.add(new Row(instances.get(k).name(), m.find() ? m.group(1) : "?", s.value()));
                }
            }
        }
        return new LinkPanel(LabLink.current(LinkFile.runDir()).toString(), rows);
    }

    private static String scrape(HttpClient http, URI uri) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build(), HttpResponse.BodyHandlers.ofString());
        return r.statusCode() == 200 ? r.body() : "";
    }

    private static String get(Future<String> f) throws InterruptedException {
        if (f == null) {
            return "";
        }
        try {
            return f.get();
        } catch (java.util.concurrent.ExecutionException e) {
            return ""; // down: the instances table says why
        }
    }
}
