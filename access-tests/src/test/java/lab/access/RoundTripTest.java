package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Map;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The measured round trip through a real Toxiproxy link, in every mode; probes only when asked. */
class RoundTripTest {

    @ParameterizedTest
    @EnumSource(Mode.class)
    void measuresTheLinkAndProbesOnlyOnAScrape(Mode mode) throws Exception {
        SourceUrl direct = TestDb.url(Engine.MYSQL);
        MeterRegistry registry = new SimpleMeterRegistry();
        try (ProxiedSource proxy = new ProxiedSource(direct);
             DbClient client = DbClients.create(proxy.via(direct), mode, TestDb.options(), registry)) {
            proxy.latency(20);
            Map<String, RoundTrip> probes = RoundTrip.register(Map.of("src", client), 60_000, registry);
            assertTrue(Double.isNaN(probes.get("src").lastMs()), "no probe before anyone asks");

            var gauge = registry.get(RoundTrip.METRIC).tag("source", "src").gauge();
            gauge.value(); // a scrape starts the first probe
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (Double.isNaN(probes.get("src").lastMs()) && System.nanoTime() < deadline) {
                Thread.sleep(20);
                probes.get("src").remeasure(); // no-op while a probe runs; retries one that failed on a loaded machine
            }
            double ms = gauge.value();
            assertTrue(ms >= 18 && ms < 1_000, mode + ": measured through a 20 ms link: " + ms); // generous: noise only adds
            assertEquals(ms, probes.get("src").lastMs(), "fresh: no new probe within the maximum age");
        }
    }
}
