package lab.access;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The round trip to a source as the app sees it: a trivial query ({@code SELECT 1}) timed
 * through the app's own {@link DbClient}, so it crosses whatever link lies between them (a
 * Toxiproxy latency toxic under {@code make up LINK=…}). One probe is {@value #SAMPLES}
 * queries in a row, and the minimum is kept: the minimum leaves out time spent waiting for a
 * pooled connection when the app is busy, which is not the link.
 *
 * <p>A probe is <em>at rest</em> when no other call of the app's clients was in flight
 * ({@link DbClient#callsInFlight}) at the start and the end of each of its queries: under load
 * the minimum still waits behind the app's own queries and CPU, and reads more than the link.
 * The last probe at rest is kept apart ({@value #REST}, with its age), and the last probe's
 * figure says how many other calls it saw ({@value #LOAD}). The probes of one app
 * ({@link #register}) run one after another, so that none counts another's queries as load.
 *
 * <p>Probes are lazy and asynchronous, on the client's own threads (no thread of its own is
 * added to any mode, and none runs unasked, e.g. while a test counts a page's queries): one when
 * the gauge {@value #METRIC}{@code {source=…}} is read (a scrape) and the last is older than
 * {@code maxAgeMillis}, and one on {@link #remeasure()} (the portal calls it when the link
 * changes; {@code make up}/{@code make link} scrape every instance once). Reading {@link #lastMs()}
 * has no side effect, so a page view issues exactly its own queries. NaN until a first probe has
 * finished or while the source fails.
 */
public final class RoundTrip {

    /** Micrometer name; Prometheus exposes it as {@code lab_link_rtt_ms}: the last probe, at rest or not. */
    public static final String METRIC = "lab.link.rtt.ms";
    /** How old the last finished probe is, s; Prometheus: {@code lab_link_rtt_age_seconds} (NaN before the first). */
    public static final String AGE = "lab.link.rtt.age.seconds";
    /** The last probe taken at rest, ms; Prometheus: {@code lab_link_rtt_rest_ms} (NaN before one). */
    public static final String REST = "lab.link.rtt.rest.ms";
    /** How old the last probe at rest is, s; Prometheus: {@code lab_link_rtt_rest_age_seconds} (NaN before one). */
    public static final String REST_AGE = "lab.link.rtt.rest.age.seconds";
    /** The app's other calls in flight seen by the last probe (0: at rest); Prometheus: {@code lab_link_rtt_load_inflight}. */
    public static final String LOAD = "lab.link.rtt.load.inflight";
    static final int SAMPLES = 3;

    /**
     * One probe: the fastest of its queries, ms, and the most calls of the app other than its own
     * in flight at their starts and ends.
     */
    public record Probe(double ms, int othersInFlight) {
        public boolean atRest() {
            return othersInFlight == 0;
        }

        private Probe and(double sampleMs, int others) {
            return new Probe(Math.min(ms, sampleMs), Math.max(othersInFlight, others));
        }
    }

    /** A finished probe and when it finished (System.nanoTime). */
    private record Taken(Probe probe, long at) {
        double ageSeconds() {
            return (System.nanoTime() - at) / 1e9;
        }
    }

    private final DbClient client;
    private final long maxAgeNanos;
    private final IntSupplier appInFlight;
    private final Turns turns;
    private final AtomicBoolean probing = new AtomicBoolean();
    private volatile long lastAt;
    private volatile boolean measured;
    /** The last finished probe (its ms NaN when it failed), null before the first. */
    private volatile Taken last;
    /** The last probe at rest, null before one. */
    private volatile Taken rest;

    /** A probe of one client alone: at rest when that client has no other call in flight. */
    public RoundTrip(DbClient client, long maxAgeMillis) {
        this(client, maxAgeMillis, client::callsInFlight, new Turns());
    }

    private RoundTrip(DbClient client, long maxAgeMillis, IntSupplier appInFlight, Turns turns) {
        this.client = client;
        this.maxAgeNanos = maxAgeMillis * 1_000_000;
        this.appInFlight = appInFlight;
        this.turns = turns;
    }

    /**
     * One probe per source, each registered as the gauges {@value #METRIC}, {@value #AGE},
     * {@value #REST}, {@value #REST_AGE} and {@value #LOAD} with tag {@code source}; at rest when
     * none of {@code clients} has another call in flight.
     */
    public static Map<String, RoundTrip> register(Map<String, DbClient> clients, long maxAgeMillis, MeterRegistry registry) {
        List<DbClient> all = List.copyOf(clients.values());
        IntSupplier appInFlight = () -> all.stream().mapToInt(DbClient::callsInFlight).sum();
        Turns turns = new Turns();
        Map<String, RoundTrip> probes = new LinkedHashMap<>();
        clients.forEach((source, client) -> {
            RoundTrip probe = new RoundTrip(client, maxAgeMillis, appInFlight, turns);
            gauge(registry, METRIC, source, probe, RoundTrip::freshMs,
                    "round trip to the source: minimum of " + SAMPLES + " SELECT 1 through the app's client, ms (last probe, at rest or not)");
            // read after the RTT gauge in a scrape: a reader tells a probe taken before the link changed
            gauge(registry, AGE, source, probe, RoundTrip::ageSeconds, "age of the last finished round-trip probe, s");
            gauge(registry, REST, source, probe, RoundTrip::restMs, "the last round-trip probe taken with no other call in flight, ms");
            gauge(registry, REST_AGE, source, probe, RoundTrip::restAgeSeconds, "age of the last round-trip probe at rest, s");
            gauge(registry, LOAD, source, probe, RoundTrip::loadInFlight, "the app's other calls in flight during the last probe (0: at rest)");
            probes.put(source, probe);
        });
        return Collections.unmodifiableMap(probes);
    }

    private static void gauge(MeterRegistry registry, String name, String source, RoundTrip probe,
                              ToDoubleFunction<RoundTrip> value, String description) {
        Gauge.builder(name, probe, value).tag("source", source)
                .strongReference(true) // the gauge keeps its probe (Micrometer holds gauge state weakly by default)
                .description(description).register(registry);
    }

    /** Seconds since the last probe finished (NaN before the first). */
    public double ageSeconds() {
        Taken t = last;
        return t == null ? Double.NaN : t.ageSeconds();
    }

    /** The last measured round trip in ms, at rest or not (NaN when none). */
    public double lastMs() {
        Taken t = last;
        return t == null ? Double.NaN : t.probe().ms();
    }

    /** The last round trip measured at rest, ms (NaN before one). */
    public double restMs() {
        Taken t = rest;
        return t == null ? Double.NaN : t.probe().ms();
    }

    /** Seconds since the last probe at rest finished (NaN before one). */
    public double restAgeSeconds() {
        Taken t = rest;
        return t == null ? Double.NaN : t.ageSeconds();
    }

    /** The app's other calls in flight seen by the last probe: 0 at rest (NaN before one, or when it failed). */
    public double loadInFlight() {
        Taken t = last;
        return t == null || Double.isNaN(t.probe().ms()) ? Double.NaN : t.probe().othersInFlight();
    }

    /** The last measured round trip, starting a new probe when it is older than the maximum age. */
    public double freshMs() {
        if (!measured || System.nanoTime() - lastAt > maxAgeNanos) {
            remeasure();
        }
        return lastMs();
    }

    /** Measures now: completes with the minimum of {@value #SAMPLES} timed {@code SELECT 1}, at rest or not. */
    public CompletionStage<Double> measure() {
        return probe().thenApply(Probe::ms);
    }

    /** Measures now, in this app's turn: the fastest of {@value #SAMPLES} timed {@code SELECT 1} and the load beside them. */
    public CompletionStage<Probe> probe() {
        return turns.next(() -> {
            CompletionStage<Probe> chain = CompletableFuture.completedFuture(new Probe(Double.POSITIVE_INFINITY, 0));
            for (int i = 0; i < SAMPLES; i++) {
                chain = chain.thenCompose(best -> {
                    int before = appInFlight.getAsInt();
                    long start = System.nanoTime();
                    // the query's own call has finished when its stage completes (CallGate): what is left is others'
                    return client.query("SELECT 1").thenApply(rows ->
                            best.and((System.nanoTime() - start) / 1e6, Math.max(before, appInFlight.getAsInt())));
                });
            }
            return chain;
        });
    }

    /** Starts a probe now, unless one is running. */
    public void remeasure() {
        if (!probing.compareAndSet(false, true)) {
            return;
        }
        lastAt = System.nanoTime(); // also after a failure: a down source is not probed in a loop
        measured = true;
        probe().whenComplete((p, error) -> {
            lastAt = System.nanoTime();
            Taken t = new Taken(error == null ? p : new Probe(Double.NaN, 0), lastAt);
            last = t;
            if (error == null && p.atRest()) {
                rest = t;
            }
            probing.set(false);
        });
    }

    /** The probes of one app, one after another, each started when the one before has ended. */
    private static final class Turns {
        private final AtomicReference<CompletionStage<?>> tail = new AtomicReference<>(CompletableFuture.completedFuture(null));

        <T> CompletionStage<T> next(Supplier<CompletionStage<T>> probe) {
            CompletableFuture<Void> ended = new CompletableFuture<>();
            CompletionStage<T> turn = tail.getAndSet(ended).handle((v, e) -> null).thenCompose(v -> probe.get());
            turn.whenComplete((v, e) -> ended.complete(null));
            return turn;
        }
    }
}
