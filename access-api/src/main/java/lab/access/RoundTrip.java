package lab.access;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The round trip to a source as the app sees it: a trivial query ({@code SELECT 1}) timed
 * through the app's own {@link DbClient}, so it crosses whatever link lies between them (a
 * Toxiproxy latency toxic under {@code make up LINK=…}). One probe is {@value #SAMPLES}
 * queries in a row, and the minimum is kept: the minimum leaves out time spent waiting for a
 * pooled connection when the app is busy, which is not the link.
 *
 * <p>Probes are lazy and asynchronous, on the client's own threads (no thread of its own is
 * added to any mode, and none runs unasked, e.g. while a test counts a page's queries): one when
 * the gauge {@value #METRIC}{@code {source=…}} is read (a scrape) and the last is older than
 * {@code maxAgeMillis}, and one on {@link #remeasure()} (the portal calls it when the link
 * changes; {@code make up}/{@code make link} scrape every instance once). Reading {@link #lastMs()} has no side effect, so a
 * page view issues exactly its own queries. NaN until a first probe has finished or while the
 * source fails.
 */
public final class RoundTrip {

    /** Micrometer name; Prometheus exposes it as {@code lab_link_rtt_ms}. */
    public static final String METRIC = "lab.link.rtt.ms";
    /** How old the last finished probe is, s; Prometheus: {@code lab_link_rtt_age_seconds} (NaN before the first). */
    public static final String AGE = "lab.link.rtt.age.seconds";
    static final int SAMPLES = 3;

    private final DbClient client;
    private final long maxAgeNanos;
    private final AtomicBoolean probing = new AtomicBoolean();
    private volatile double lastMs = Double.NaN;
    private volatile long lastAt;
    private volatile boolean measured;
    private volatile long finishedAt;

    public RoundTrip(DbClient client, long maxAgeMillis) {
        this.client = client;
        this.maxAgeNanos = maxAgeMillis * 1_000_000;
    }

    /** One probe per source, each registered as the gauge {@value #METRIC} with tag {@code source}. */
    public static Map<String, RoundTrip> register(Map<String, DbClient> clients, long maxAgeMillis, MeterRegistry registry) {
        Map<String, RoundTrip> probes = new LinkedHashMap<>();
        clients.forEach((source, client) -> {
            RoundTrip probe = new RoundTrip(client, maxAgeMillis);
            Gauge.builder(METRIC, probe, RoundTrip::freshMs)
                    .tag("source", source)
                    .strongReference(true) // the gauge keeps its probe (Micrometer holds gauge state weakly by default)
                    .description("round trip to the source: minimum of " + SAMPLES + " SELECT 1 through the app's client, ms")
                    .register(registry);
            // read after the RTT gauge in a scrape: a reader tells a probe taken before the link changed
            Gauge.builder(AGE, probe, RoundTrip::ageSeconds).tag("source", source).strongReference(true)
                    .description("age of the last finished round-trip probe, s").register(registry);
            probes.put(source, probe);
        });
        return Collections.unmodifiableMap(probes);
    }

    /** Seconds since the last probe finished (NaN before the first). */
    public double ageSeconds() {
        long at = finishedAt;
        return at == 0 ? Double.NaN : (System.nanoTime() - at) / 1e9;
    }

    /** The last measured round trip in ms (NaN when none). */
    public double lastMs() {
        return lastMs;
    }

    /** The last measured round trip, starting a new probe when it is older than the maximum age. */
    public double freshMs() {
        if (!measured || System.nanoTime() - lastAt > maxAgeNanos) {
            remeasure();
        }
        return lastMs;
    }

    /** Measures now: completes with the minimum of {@value #SAMPLES} timed {@code SELECT 1}. */
    public CompletionStage<Double> measure() {
        CompletionStage<Double> chain = CompletableFuture.completedFuture(Double.POSITIVE_INFINITY);
        for (int i = 0; i < SAMPLES; i++) {
            chain = chain.thenCompose(best -> {
                long start = System.nanoTime();
                return client.query("SELECT 1").thenApply(rows -> Math.min(best, (System.nanoTime() - start) / 1e6));
            });
        }
        return chain;
    }

    /** Starts a probe now, unless one is running. */
    public void remeasure() {
        if (!probing.compareAndSet(false, true)) {
            return;
        }
        lastAt = System.nanoTime(); // also after a failure: a down source is not probed in a loop
        measured = true;
        measure().whenComplete((ms, error) -> {
            lastMs = error == null ? ms : Double.NaN;
            lastAt = System.nanoTime();
            finishedAt = lastAt;
            probing.set(false);
        });
    }
}
