package lab.loadgen.sweep;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import lab.access.SourceUrl;
import lab.data.Sources;
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
    private static double probe(LinkProxy p) throws SQLException {
        String source = p.name().substring(p.name().indexOf("--") + 2).toUpperCase(Locale.ROOT);
        SourceUrl url = SourceUrl.parse(Sources.valueOf(source).url());
        SourceUrl through = new SourceUrl(url.engine(), url.user(), url.password(), p.host(), p.port(), url.database());
        DriverManager.setLoginTimeout(5);
        try (Connection c = DriverManager.getConnection(through.jdbcUrl(), through.user(), through.password());
             Statement s = c.createStatement()) {
            s.setQueryTimeout(5);
            s.execute("SELECT 1");
            List<Double> ms = new ArrayList<>();
            for (int i = 0; i < QUERIES; i++) {
                long t = System.nanoTime();
                s.execute("SELECT 1");
                ms.add((System.nanoTime() - t) / 1e6);
            }
            return Math.round(Spread.of(ms).median() * 100.0) / 100.0;
        }
    }
}
