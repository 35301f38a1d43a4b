package lab.portal;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import lab.access.DbClient;
import lab.access.RoundTrip;
import lab.link.LabLink;
import lab.link.LinkFile;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/**
 * Issue 17: every page shows the link in force ({@code make up LINK=…}, recorded by lab.link)
 * and the round trip measured through it per source; the same figures are the gauge
 * {@code lab_link_rtt_ms{source=…}} in /actuator/prometheus.
 */
@ControllerAdvice
class LinkAdvice {

    /** What the {@code link.ftlh} snippet shows: the link's label and ms per source (NaN = not measured). */
    record LinkView(String link, Map<String, Double> rttMs) {
    }

    private static final long PROBE_MAX_AGE_MS = 5_000;

    private final Map<String, RoundTrip> probes;

    LinkAdvice(PortalClients clients, MeterRegistry registry) {
        Map<String, DbClient> bySource = new LinkedHashMap<>();
        for (PortalSource source : PortalSource.values()) {
            bySource.put(source.name().toLowerCase(Locale.ROOT), clients.get(source));
        }
        this.probes = RoundTrip.register(bySource, PROBE_MAX_AGE_MS, registry);
    }

    @ModelAttribute("link")
    LinkView link() {
        Map<String, Double> ms = new LinkedHashMap<>();
        probes.forEach((source, probe) -> ms.put(source, probe.lastMs()));
        return new LinkView(LabLink.current(LinkFile.runDir()).toString(), ms);
    }
}
