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
 * gauges (lab.access.RoundTrip; a scrape also refreshes a stale probe). A probe that finished
 * before the link last changed ({@code lab_link_rtt_age_seconds} against the link file's time) is
 * marked stale: it measured the link before.
 */
public record LinkPanel(String link, List<Row> rows) {

    /**
     * One instance's measured RTT to one source, ms (NaN = not measured: the source fails or the
     * probe is starting); {@code stale} when it was measured before the link in force was set.
     */
    public record Row(String instance, String source, double ms, boolean stale) {
    }

    static final String METRIC = "lab_link_rtt_ms";
    static final String AGE = "lab_link_rtt_age_seconds";
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
            long linkSetMillis = linkSetMillis();
            for (int k = 0; k < instances.size(); k++) {
                PrometheusText text = PrometheusText.parse(get(scrapes.get(k)));
                java.util.Map<String, Double> ages = new java.util.HashMap<>();
                text.samples(AGE).forEach(a -> ages.put(source(a), a.value()));
                for (PrometheusText.Sample s : text.samples(METRIC)) {
                    Double age = ages.get(source(s));
                    boolean stale = age != null && !age.isNaN()
                            && System.currentTimeMillis() - age * 1000 < linkSetMillis;
                    rows.add(new Row(instances.get(k).name(), source(s), s.value(), stale));
                }
            }
        }
        return new LinkPanel(LabLink.current(LinkFile.runDir()).toString(), rows);
    }

    private static String source(PrometheusText.Sample s) {
        Matcher m = SOURCE.matcher(s.labels());
        return m.find() ? m.group(1) : "?";
    }

    /** When the link in force was set: the link file's time (0 when there is none). */
    private static long linkSetMillis() {
        try {
            return java.nio.file.Files.getLastModifiedTime(LinkFile.runDir().resolve(LinkFile.NAME)).toMillis();
        } catch (java.io.IOException e) {
            return 0;
        }
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
