package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The measured round trip through a real Toxiproxy link, in every mode: probes only when asked,
 * and a probe taken while the app has other calls in flight is not reported as the link at rest.
 */
class RoundTripTest {

    private static final long LINK_MS = 20;

    @ParameterizedTest
    @EnumSource(Mode.class)
    void measuresTheLinkAtRestAndProbesOnlyOnAScrape(Mode mode) throws Exception {
        SourceUrl direct = TestDb.url(Engine.MYSQL);
        MeterRegistry registry = new SimpleMeterRegistry();
        try (ProxiedSource proxy = new ProxiedSource(direct);
             DbClient client = DbClients.create(proxy.via(direct), mode, TestDb.options(), registry)) {
            proxy.latency(LINK_MS);
            RoundTrip probe = RoundTrip.register(Map.of("src", client), 60_000, registry).get("src");
            assertTrue(Double.isNaN(probe.lastMs()), "no probe before anyone asks");
            assertTrue(Double.isNaN(probe.restMs()) && Double.isNaN(probe.restAgeSeconds()), "nothing at rest before a probe");

            var gauge = registry.get(RoundTrip.METRIC).tag("source", "src").gauge();
            gauge.value(); // a scrape starts the first probe
            awaitProbe(probe);
            double ms = gauge.value();
            assertTrue(ms >= LINK_MS - 2 && ms < 1_000, mode + ": measured through a 20 ms link: " + ms); // generous: noise only adds
            assertEquals(ms, probe.lastMs(), "fresh: no new probe within the maximum age");
            assertEquals(ms, gauge(registry, RoundTrip.REST), mode + ": nothing else in flight, so the probe is at rest");
            assertEquals(0, gauge(registry, RoundTrip.LOAD), "no other call in flight");
            assertTrue(gauge(registry, RoundTrip.REST_AGE) >= 0, "the probe at rest has an age");
        }
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void aProbeBesideASlowQueryIsUnderLoadNotAtRest(Mode mode) throws Exception {
        SourceUrl direct = TestDb.url(Engine.MYSQL);
        MeterRegistry registry = new SimpleMeterRegistry();
        try (ProxiedSource proxy = new ProxiedSource(direct);
             DbClient linked = DbClients.create(proxy.via(direct), mode, TestDb.options(), registry);
             DbClient other = DbClients.create(direct, mode, TestDb.options(), registry)) {
            proxy.latency(LINK_MS);
            Map<String, DbClient> app = new LinkedHashMap<>();
            app.put("linked", linked);
            app.put("other", other);
            RoundTrip probe = RoundTrip.register(app, 60_000, registry).get("linked");

            // the app busy on its other source; from a thread of its own, as jdbc's call blocks its caller
            CompletableFuture<Rows> slow = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> other.query(Cases.sleep(Engine.MYSQL, 4)).whenComplete((rows, error) -> {
                if (error == null) {
                    slow.complete(rows);
                } else {
                    slow.completeExceptionally(error);
                }
            }));
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (other.callsInFlight() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(1, other.callsInFlight(), mode + ": the slow query is in flight");
            probe.remeasure();
            awaitProbe(probe);
            assertFalse(slow.isDone(), "premise: the slow query outlasted the probe");
            assertTrue(probe.lastMs() >= LINK_MS - 2, mode + ": the probe still crossed the link: " + probe.lastMs());
            assertTrue(probe.loadInFlight() >= 1, mode + ": the probe saw the slow query in flight: " + probe.loadInFlight());
            assertTrue(Double.isNaN(probe.restMs()), mode + ": a probe under load is not the link at rest: " + probe.restMs());

            ForkJoin.join(slow, Duration.ofSeconds(30));
            assertEquals(0, other.callsInFlight() + linked.callsInFlight(), "all calls finished");
            RoundTrip.Probe atRest = ForkJoin.join(probe.probe(), Duration.ofSeconds(30));
            assertTrue(atRest.atRest() && atRest.ms() >= LINK_MS - 2, mode + ": at rest again: " + atRest);
        }
    }

    private static double gauge(MeterRegistry registry, String name) {
        return registry.get(name).tag("source", "src").gauge().value();
    }

    /** Waits for a first finished probe, retrying one that failed on a loaded machine. */
    private static void awaitProbe(RoundTrip probe) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (Double.isNaN(probe.lastMs()) && System.nanoTime() < deadline) {
            Thread.sleep(20);
            probe.remeasure(); // no-op while a probe runs
        }
    }
}
