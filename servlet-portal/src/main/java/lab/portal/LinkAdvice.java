package lab.portal;

import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import lab.access.DbClient;
import lab.access.RoundTrip;
import lab.link.LabLink;
import lab.link.Link;
import lab.link.LinkFile;
import lab.link.LinkWatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/**
 * Every page shows the link in force ({@code make up LINK=…}, recorded by lab.link)
 * and the round trip measured through it per source; the same figures are the gauge
 * {@code lab_link_rtt_ms{source=…}} in /actuator/prometheus.
 */
@ControllerAdvice
class LinkAdvice implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LinkAdvice.class);
    private static final long PROBE_MAX_AGE_MS = 5_000;

    private final Map<String, RoundTrip> probes;
    private final LinkWatch watch;
    private volatile Link link = LabLink.current(LinkFile.runDir());

    LinkAdvice(PortalClients clients, MeterRegistry registry) {
        Map<String, DbClient> bySource = new LinkedHashMap<>();
        for (PortalSource source : PortalSource.values()) {
            bySource.put(source.name().toLowerCase(Locale.ROOT), clients.get(source));
        }
        this.probes = RoundTrip.register(bySource, PROBE_MAX_AGE_MS, registry);
        this.watch = watch(LinkFile.runDir());
    }

    /** Started by the lab (its run directory exists): learn each {@code make link} as it is recorded. */
    private LinkWatch watch(Path runDir) {
        if (!Files.isDirectory(runDir)) {
            return null;
        }
        try {
            return LinkWatch.start(runDir, now -> {
                link = now;
                probes.values().forEach(RoundTrip::remeasure); // the pages show the RTT through the new link
            });
        } catch (IOException e) {
            LOG.warn("link changes in {} will not be seen: {}", runDir, e.getMessage());
            return null;
        }
    }

    /**
     * The link in force and the last RTT per source, from memory: a view issues exactly its own
     * queries; the gauges refresh on every scrape older than 5 s.
     */
    @ModelAttribute("link")
    LinkView link() {
        Map<String, Double> ms = new LinkedHashMap<>();
        probes.forEach((source, probe) -> ms.put(source, probe.lastMs()));
        return new LinkView(link.toString(), ms);
    }

    @Override
    public void close() throws IOException {
        if (watch != null) {
            watch.close();
        }
    }
}
