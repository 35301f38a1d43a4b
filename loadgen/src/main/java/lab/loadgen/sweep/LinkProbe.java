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
import lab.report.results.ProxyHop;
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
            Optional<LinkProxy> p = firstProxy(instance);
            return p.isEmpty() ? Optional.empty() : Optional.of(probe(through(p.get())));
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /** What the proxy hop adds: the same probe through {@code instance}'s first proxy and straight to its server. */
    Optional<ProxyHop> hop(String instance) {
        try {
            Optional<LinkProxy> p = firstProxy(instance);
            if (p.isEmpty() || p.get().rttMs() != 0) {
                return Optional.empty(); // an added RTT is not the hop's own cost
            }
            double via = probe(through(p.get()));
            return Optional.of(new ProxyHop(sourceOf(p.get()).name().toLowerCase(Locale.ROOT), via, probe(SourceUrl.parse(sourceOf(p.get()).url()))));
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    private Optional<LinkProxy> firstProxy(String instance) throws java.io.IOException {
        if (!api.isUp()) {
            return Optional.empty();
        }
        return api.proxies().stream().filter(p -> p.name().startsWith(instance + "--")).findFirst();
    }

    private static Sources sourceOf(LinkProxy p) {
        return Sources.valueOf(p.name().substring(p.name().indexOf("--") + 2).toUpperCase(Locale.ROOT));
    }

    /** The proxy's source, with its host and port replaced by the proxy's. */
    private static SourceUrl through(LinkProxy p) {
        SourceUrl url = SourceUrl.parse(sourceOf(p).url());
        return new SourceUrl(url.engine(), url.user(), url.password(), p.host(), p.port(), url.database());
    }

    /** Median of timed SELECT 1 on a connection of its own (one unrecorded first). */
    private static double probe(SourceUrl through) throws SQLException {
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
