package lab.loadgen.sweep;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import lab.access.DbClient;
import lab.access.DbSession;
import lab.access.SourceUrl;
import lab.data.Sources;
import lab.loadgen.AdminSql;
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
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    /**
     * How long each engine's probe runs straight to its server, once per JVM, before it first
     * measures: cold, the driver's code is interpreted, and a map's first column (0 ms) read 0.5 to
     * 2.4 ms through the bare hop while its later lan column read 0.23 ms.
     */
    static final Duration WARM_UP = Duration.ofSeconds(2);

    private final Toxiproxy api;
    private final Set<SourceUrl.Engine> warm = EnumSet.noneOf(SourceUrl.Engine.class);

    LinkProbe(Toxiproxy api) {
        this.api = api;
    }

    /** The round trip through {@code instance}'s link in ms, or empty (no proxies, the server refused, ...). */
    Optional<Double> measure(String instance) {
        try {
            Optional<LinkProxy> p = firstProxy(instance);
            if (p.isEmpty()) {
                return Optional.empty();
            }
            warmUp(p.get());
            return Optional.of(probe(through(p.get())));
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
            warmUp(p.get());
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

    /** {@link #WARM_UP} of SELECT 1 straight to the proxy's server, the first time this JVM probes its engine. */
    private void warmUp(LinkProxy p) {
        SourceUrl direct = SourceUrl.parse(sourceOf(p).url());
        if (!warm.add(direct.engine())) {
            return;
        }
        try (DbClient client = AdminSql.open(direct, TIMEOUT); DbSession s = client.openSession()) {
            long end = System.nanoTime() + WARM_UP.toNanos();
            while (System.nanoTime() < end) {
                AdminSql.await(s.query("SELECT 1"), TIMEOUT);
            }
        }
    }

    /** Median of timed SELECT 1 on a connection of its own (one unrecorded first), through the access API. */
    private static double probe(SourceUrl through) {
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
