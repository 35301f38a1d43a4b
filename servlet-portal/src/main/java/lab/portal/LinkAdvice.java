package lab.portal;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import lab.access.DbClient;
import lab.access.RoundTrip;
import lab.link.LabLink;
import lab.link.Link;
import lab.link.LinkFile;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/**
 * Every page shows the link in force ({@code make up LINK=…}, recorded by lab.link)
 * and the round trip measured through it per source; the same figures are the gauge
 * {@code lab_link_rtt_ms{source=…}} in /actuator/prometheus.
 */
@ControllerAdvice
class LinkAdvice {

    private static final long PROBE_MAX_AGE_MS = 5_000;
    private static final long LINK_FILE_MAX_AGE_NS = 1_000_000_000L;

    private final Map<String, RoundTrip> probes;
    private volatile Link link = LabLink.current(LinkFile.runDir());
    private volatile long linkReadAt = System.nanoTime();

    LinkAdvice(PortalClients clients, MeterRegistry registry) {
        Map<String, DbClient> bySource = new LinkedHashMap<>();
        for (PortalSource source : PortalSource.values()) {
            bySource.put(source.name().toLowerCase(Locale.ROOT), clients.get(source));
        }
        this.probes = RoundTrip.register(bySource, PROBE_MAX_AGE_MS, registry);
    }

    /**
     * The link (its file re-read at most once a second) and the last RTT per source. A page
     * starts new probes only when the link changed ({@code make link}), so that a view issues
     * exactly its own queries; the gauges refresh on every scrape older than 5 s.
     */
    @ModelAttribute("link")
    LinkView link() {
        if (System.nanoTime() - linkReadAt > LINK_FILE_MAX_AGE_NS) {
            linkReadAt = System.nanoTime();
            Link now = LabLink.current(LinkFile.runDir());
            if (!now.equals(link)) {
                link = now;
                probes.values().forEach(RoundTrip::remeasure);
            }
        }
        Map<String, Double> ms = new LinkedHashMap<>();
        probes.forEach((source, probe) -> ms.put(source, probe.lastMs()));
        return new LinkView(link.toString(), ms);
    }
}
