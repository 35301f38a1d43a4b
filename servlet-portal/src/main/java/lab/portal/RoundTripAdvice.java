package lab.portal;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import lab.access.DbClient;
import lab.access.RoundTrip;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/**
 * Every page shows the round trip the app measures to each source through its own clients; the
 * same figures are the gauge {@code lab_link_rtt_ms{source=…}} (with its age) in
 * /actuator/prometheus. The app knows nothing of the link emulator: which link is in force is the
 * dashboard's and the run pages' to say.
 */
@ControllerAdvice
class RoundTripAdvice {

    private static final long PROBE_MAX_AGE_MS = 5_000;

    private final Map<String, RoundTrip> probes;

    RoundTripAdvice(PortalClients clients, MeterRegistry registry) {
        Map<String, DbClient> bySource = new LinkedHashMap<>();
        for (PortalSource source : PortalSource.values()) {
            bySource.put(source.name().toLowerCase(Locale.ROOT), clients.get(source));
        }
        this.probes = RoundTrip.register(bySource, PROBE_MAX_AGE_MS, registry);
    }

    /**
     * The last RTT per source, from memory: a view issues exactly its own queries; the gauges
     * refresh on every scrape older than 5 s.
     */
    @ModelAttribute("roundTrip")
    RoundTripView roundTrip() {
        Map<String, Double> ms = new LinkedHashMap<>();
        probes.forEach((source, probe) -> ms.put(source, probe.lastMs()));
        return new RoundTripView(ms);
    }
}
