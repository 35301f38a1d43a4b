package lab.loadgen.dashboard;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.sun.net.httpserver.HttpExchange;

import lab.loadgen.config.HostResolver;
import lab.loadgen.config.Instance;
import lab.loadgen.config.InstancesConf;
import lab.loadgen.live.LiveStatus;
import lab.loadgen.live.RequestRates;
import lab.loadgen.metrics.PrometheusText;

/**
 * The home page's instance rows, live ({@code /instances/events}): while a run goes, the samples its
 * sweep writes (the instance under load, once a second; no second scraper); when none goes, each
 * instance's metrics read by this server every {@link #IDLE_EVERY_MS}, shared by every browser
 * watching, and only while one is.
 */
final class InstanceRates {

    static final long IDLE_EVERY_MS = 5000;
    private static final long LOOK_EVERY_MS = 1000;
    private static final Duration SCRAPE_TIMEOUT = Duration.ofMillis(1500);

    private final InstancesConf conf;
    private final HostResolver hosts;
    private final Path resultsDir;
    private final HttpClient http;
    private final Map<String, RequestRates.Counts> last = new HashMap<>();
    private List<RequestRates.Sample> idleSamples = List.of();
    private long idleScrapedMs;

    InstanceRates(InstancesConf conf, HostResolver hosts, Path resultsDir, HttpClient http) {
        this.conf = conf;
        this.hosts = hosts;
        this.resultsDir = resultsDir;
        this.http = http;
    }

    /** Events "rates": {run, samples} whenever there are new samples, until the browser goes away. */
    void stream(HttpExchange ex) throws IOException, InterruptedException {
        EventStream events = new EventStream(ex);
        long start = System.currentTimeMillis();
        long sentUpTo = 0;
        long quietSince = start;
        while (System.currentTimeMillis() - start < LivePage.STREAM_MAX_MS) {
            Optional<LiveStatus> run = LiveRuns.running(resultsDir);
            long from = sentUpTo;
            List<RequestRates.Sample> fresh = (run.isPresent() ? run.get().samples() : idleSamples())
                    .stream().filter(s -> s.t() > from).toList();
            long now = System.currentTimeMillis();
            if (!fresh.isEmpty()) {
                sentUpTo = fresh.getLast().t();
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("run", run.map(LiveStatus::run).orElse(null));
                data.put("samples", fresh);
                events.send("rates", data);
                quietSince = now;
            } else if (now - quietSince > 15_000) {
                events.keepAlive();
                quietSince = now;
            }
            Thread.sleep(LOOK_EVERY_MS);
        }
    }

    /** Every instance's rates since the last idle scrape, scraped again when older than {@link #IDLE_EVERY_MS}. */
    private synchronized List<RequestRates.Sample> idleSamples() throws InterruptedException {
        long now = System.currentTimeMillis();
        if (now - idleScrapedMs < IDLE_EVERY_MS) {
            return idleSamples;
        }
        idleScrapedMs = now;
        List<Instance> targets = conf.loadTargets().stream().filter(Instance::hasMetrics).toList();
        List<RequestRates.Sample> out = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<PrometheusText>> reads = new ArrayList<>();
            for (Instance i : targets) {
                URI uri = URI.create(hosts.baseUrl(i) + i.metricsPath());
                reads.add(pool.submit(() -> PrometheusText.read(http, uri, SCRAPE_TIMEOUT)));
            }
            for (int k = 0; k < targets.size(); k++) {
                String name = targets.get(k).name();
                PrometheusText text = get(reads.get(k));
                RequestRates.Counts counts = text == null ? null : RequestRates.counts(text, System.currentTimeMillis());
                RequestRates.Counts before = counts == null ? null : last.put(name, counts);
                RequestRates.Sample s = before == null ? null : RequestRates.between(name, before, counts);
                if (s != null) {
                    out.add(s);
                }
            }
        }
        idleSamples = List.copyOf(out);
        return idleSamples;
    }

    private static PrometheusText get(Future<PrometheusText> f) throws InterruptedException {
        try {
            return f.get();
        } catch (java.util.concurrent.ExecutionException e) {
            return null; // an instance down has no rates: its health cell says why
        }
    }
}
