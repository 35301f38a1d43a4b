package lab.loadgen.sweep;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import lab.access.DbClient;
import lab.access.DbSession;
import lab.access.SourceUrl;
import lab.data.Sources;
import lab.loadgen.AdminSql;
import lab.link.LinkProxy;
import lab.link.Toxiproxy;
import lab.report.Spread;

/**
 * The link's round trip as the link has it: an idle connection of loadgen's own, outside the
 * instance's pool and event loop, through the instance's first Toxiproxy proxy, timing
 * {@code SELECT 1} (the median of a few after one unrecorded). The instance's own gauge times its
 * probe behind the load's queue; this one times the link at rest.
 */
final class LinkProbe {

    static final int QUERIES = 5;
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final Toxiproxy api;

    LinkProbe(Toxiproxy api) {
        this.api = api;
    }

    /** The round trip through {@code instance}'s link in ms, or empty (no proxies, the server refused, ...). */
    Optional<Double> measure(String instance) {
        try {
            if (!api.isUp()) {
                return Optional.empty();
            }
            for (LinkProxy p : api.proxies()) {
                if (p.name().startsWith(instance + "--")) {
                    return Optional.of(probe(p));
                }
            }
            return Optional.empty();
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /** Medians of timed SELECT 1 on a connection of its own to the proxy's source, through the proxy. */
    private static double probe(LinkProxy p) {
        String source = p.name().substring(p.name().indexOf("--") + 2).toUpperCase(Locale.ROOT);
        SourceUrl url = SourceUrl.parse(Sources.valueOf(source).url());
        SourceUrl through = new SourceUrl(url.engine(), url.user(), url.password(), p.host(), p.port(), url.database());
        try (DbClient client = AdminSql.open(through, TIMEOUT); DbSession s = client.openSession()) {
            AdminSql.await(s.query("SELECT 1"), TIMEOUT);
            List<Double> ms = new ArrayList<>();
            for (int i = 0; i < QUERIES; i++) {
                long t = System.nanoTime();
                AdminSql.await(s.query("SELECT 1"), TIMEOUT);
                ms.add((System.nanoTime() - t) / 1e6);
            }
            return Math.round(Spread.of(ms).median() * 100.0) / 100.0;
        }
    }
}
