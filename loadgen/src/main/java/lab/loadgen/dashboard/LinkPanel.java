package lab.loadgen.dashboard;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
 * trip each instance measured through it per source, scraped from its gauges (lab.access.RoundTrip;
 * a scrape also refreshes a stale probe): the last probe taken at rest ({@code lab_link_rtt_rest_ms},
 * with its age), else the last one labelled with the load it ran under ({@code lab_link_rtt_ms},
 * {@code lab_link_rtt_load_inflight}): a probe waiting behind the app's own queries is not the link's
 * round trip. A figure probed before the link last changed (its age against the link file's time) is
 * marked stale: it measured the link before.
 */
public record LinkPanel(String link, List<Row> rows) {

    /**
     * One instance's measured RTT to one source, ms (NaN = not measured: the source fails, the probe
     * is starting, or none ran at rest yet).
     *
     * @param restMs       the last probe at rest
     * @param restAgeSec   its age, s
     * @param lastMs       the last probe, at rest or not
     * @param loadInFlight the app's other calls in flight during the last probe (NaN: not reported)
     * @param stale        the figure shown was measured before the link in force was set
     */
    public record Row(String instance, String source, double restMs, double restAgeSec, double lastMs,
                      double loadInFlight, boolean stale) {

        /** What the table says: the figure at rest with its age, else the last one with its load, else "–". */
        public String label() {
            if (!Double.isNaN(restMs)) {
                return String.format(Locale.ROOT, "%.2f ms at rest, %s ago", restMs, age(restAgeSec));
            }
            if (Double.isNaN(lastMs)) {
                return "–";
            }
            if (Double.isNaN(loadInFlight)) {
                return String.format(Locale.ROOT, "%.2f ms (load not reported)", lastMs);
            }
            long n = Math.round(loadInFlight);
            return String.format(Locale.ROOT, "%.2f ms under load (%d call%s in flight)", lastMs, n, n == 1 ? "" : "s");
        }

        /** Whether the figure shown was probed at rest. */
        public boolean atRest() {
            return !Double.isNaN(restMs);
        }

        private static String age(double sec) {
            if (Double.isNaN(sec) || sec < 120) {
                return Double.isNaN(sec) ? "? s" : Math.round(sec) + " s";
            }
            return sec < 7_200 ? Math.round(sec / 60) + " min" : Math.round(sec / 3_600) + " h";
        }
    }

    static final String METRIC = "lab_link_rtt_ms";
    static final String AGE = "lab_link_rtt_age_seconds";
    static final String REST = "lab_link_rtt_rest_ms";
    static final String REST_AGE = "lab_link_rtt_rest_age_seconds";
    static final String LOAD = "lab_link_rtt_load_inflight";
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
                rows.addAll(rows(instances.get(k).name(), PrometheusText.parse(get(scrapes.get(k))), linkSetMillis,
                        System.currentTimeMillis()));
            }
        }
        return new LinkPanel(LabLink.current(LinkFile.runDir()).toString(), rows);
    }

    /** One instance's rows, one per source of its {@value #METRIC}, from its scrape at {@code nowMillis}. */
    static List<Row> rows(String instance, PrometheusText text, long linkSetMillis, long nowMillis) {
        Map<String, Double> ages = bySource(text, AGE);
        Map<String, Double> rest = bySource(text, REST);
        Map<String, Double> restAges = bySource(text, REST_AGE);
        Map<String, Double> load = bySource(text, LOAD);
        List<Row> rows = new ArrayList<>();
        for (PrometheusText.Sample s : text.samples(METRIC)) {
            String source = source(s);
            double restMs = rest.getOrDefault(source, Double.NaN);
            double age = Double.isNaN(restMs) ? ages.getOrDefault(source, Double.NaN) : restAges.getOrDefault(source, Double.NaN);
            boolean stale = !Double.isNaN(age) && nowMillis - age * 1000 < linkSetMillis;
            rows.add(new Row(instance, source, restMs, restAges.getOrDefault(source, Double.NaN), s.value(),
                    load.getOrDefault(source, Double.NaN), stale));
        }
        return rows;
    }

    private static Map<String, Double> bySource(PrometheusText text, String name) {
        Map<String, Double> values = new HashMap<>();
        text.samples(name).forEach(s -> values.put(source(s), s.value()));
        return values;
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
