package lab.microbench.thesis;

import java.time.Duration;
import java.util.Arrays;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import lab.access.AddedLatency;
import lab.access.DbClient;
import lab.access.ForkJoin;
import lab.access.RoundTrip;
import lab.access.SourceUrl;
import lab.link.Link;
import lab.link.LinkCalibration;
import lab.link.LinkProxy;
import lab.link.ToxiproxyServer;

/**
 * An emulated link of thesis 4.1 in front of a benchmark database: a private toxiproxy-server
 * (lab.link, the lab's one link emulator) with one proxy carrying the link's round trip (the
 * 0.19 ms link as the lab's microsecond toxic); {@link #measureMs} says what round trip it really
 * gives.
 *
 * <p>A link below a millisecond is calibrated when it opens ({@link LinkCalibration}): the toxic is
 * set so that one query of Table 4.1's loop (jdbc, one connection) costs the link's round trip
 * more through the proxy than directly, the proxy hop and the timer's lateness included, as the
 * thesis' 0.19 ms was what its 1 GbE link added over loopback. The parent JVM calibrates, its
 * loops warmed first, and hands the toxic to the benchmark forks ({@link #toxicProperty}): a fork
 * that calibrated its own would run jdbc's loops, cold, in the JVM that then times another variant,
 * and spend seconds more.
 */
final class ThesisLink implements AutoCloseable {

    /** Table 4.1's loop: 50 queries on one connection. */
    private static final int QUERIES = 50;
    /** How long the calibration's loops and the round-trip probe run before they measure: a cold loop's cost drifts while the JIT compiles it. */
    private static final Duration WARM_UP = Duration.ofSeconds(2);

    private final ToxiproxyServer server;
    private final LinkProxy proxy;
    private final LinkCalibration.Result calibration;

    private ThesisLink(ToxiproxyServer server, LinkProxy proxy, LinkCalibration.Result calibration) {
        this.server = server;
        this.proxy = proxy;
        this.calibration = calibration;
    }

    /**
     * The link of {@code ThesisPlan.LINKS} called {@code id}, in front of {@code target}: below a
     * millisecond, with the toxic of the system property {@link #toxicProperty} when it is set (a
     * benchmark fork), else calibrated here.
     */
    static ThesisLink open(String id, SourceUrl target) {
        ThesisPlan.Link link = ThesisPlan.link(id);
        ToxiproxyServer server = ToxiproxyServer.start();
        try {
            LinkProxy proxy = proxyTo(server, id, target);
            Link asked = new Link(id, link.thesisRttMs());
            if (!asked.needsCalibration()) {
                return new ThesisLink(server, proxy.set(asked), null);
            }
            String given = System.getProperty(toxicProperty(id, target.engine()));
            if (given != null) {
                proxy.rttOnReplies(Math.round(Double.parseDouble(given) * 1000));
                return new ThesisLink(server, proxy, null);
            }
            LinkCalibration.Result calibration = withLoops(target, proxy, added -> LinkCalibration.calibrate(proxy, asked, added));
            System.out.printf("[thesis link] %s to %s: toxic %.3f ms on replies, bare hop %+.3f ms, link %+.3f ms per query over loopback%n",
                    id, target.engine(), calibration.toxicMs(), calibration.hopMs(), calibration.addedMs());
            return new ThesisLink(server, proxy, calibration);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /**
     * What link {@code id} with a toxic of {@code toxicMs} on replies adds to one query of Table
     * 4.1's jdbc loop over loopback now, ms: the calibration's probe, on a proxy of its own (the
     * check after the forks that set this toxic).
     */
    static double addedMs(String id, SourceUrl target, double toxicMs) {
        try (ToxiproxyServer server = ToxiproxyServer.start()) {
            LinkProxy proxy = proxyTo(server, id, target);
            proxy.rttOnReplies(Math.round(toxicMs * 1000));
            return Math.round(withLoops(target, proxy, DoubleSupplier::getAsDouble) * 1000) / 1000.0;
        }
    }

    /**
     * {@code use} given the probe of what {@code proxy} adds to a query over loopback (jdbc's loop
     * of {@link #QUERIES}, directly and through it in turn), both loops warmed for {@link #WARM_UP} first.
     */
    private static <T> T withLoops(SourceUrl target, LinkProxy proxy, Function<DoubleSupplier, T> use) {
        try (DbClient direct = Variant.JDBC.client(target, 1);
                DbClient proxied = Variant.JDBC.client(target.at(proxy.host(), proxy.port()), 1)) {
            SessionBench.warmUp(direct, QUERIES, WARM_UP);
            SessionBench.warmUp(proxied, QUERIES, WARM_UP);
            return use.apply(() -> AddedLatency.perQueryMs(direct, proxied, c -> SessionBench.run(c, QUERIES), QUERIES, LinkCalibration.PROBE_ROUNDS));
        }
    }

    private static LinkProxy proxyTo(ToxiproxyServer server, String id, SourceUrl target) {
        return server.api().proxy("thesis-" + id, "127.0.0.1:0", target.host() + ":" + target.port());
    }

    /** The system property that gives benchmark forks the toxic (ms on replies) of link {@code id} to {@code engine}. */
    static String toxicProperty(String id, SourceUrl.Engine engine) {
        return "lab.thesis.link." + id + "." + engine.name() + ".toxicMs";
    }

    /** The same database, reached through the link. */
    SourceUrl via(SourceUrl url) {
        return url.at(proxy.host(), proxy.port());
    }

    /** The round trip the proxy's toxics add now, ms (to the microsecond). */
    double toxicMs() {
        return proxy.rttMs();
    }

    /** What the calibration set and measured; null for a link it leaves as asked (78 ms) or given its toxic. */
    LinkCalibration.Result calibration() {
        return calibration;
    }

    /**
     * Median over {@code probes} of the fastest of three {@code SELECT 1} through {@code client}
     * (lab.access.RoundTrip), ms, after probing for {@link #WARM_UP}: cold, the first link a run
     * measured (loopback) read 0.46 ms, more than the lan link measured after it (0.19 ms).
     */
    static double measureMs(DbClient client, int probes) {
        RoundTrip probe = new RoundTrip(client, 0);
        long warm = System.nanoTime() + WARM_UP.toNanos();
        while (System.nanoTime() < warm) {
            ForkJoin.join(probe.measure(), Variant.TIMEOUT);
        }
        double[] ms = new double[probes];
        for (int i = 0; i < probes; i++) {
            ms[i] = ForkJoin.join(probe.measure(), Variant.TIMEOUT);
        }
        Arrays.sort(ms);
        return Math.round(ms[probes / 2] * 1000) / 1000.0;
    }

    @Override
    public void close() {
        server.close();
    }
}
