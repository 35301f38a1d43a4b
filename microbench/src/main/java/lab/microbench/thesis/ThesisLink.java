package lab.microbench.thesis;

import java.util.Arrays;
import lab.access.DbClient;
import lab.access.ForkJoin;
import lab.access.RoundTrip;
import lab.access.SourceUrl;
import lab.link.Link;
import lab.link.LinkProxy;
import lab.link.ToxiproxyServer;

/**
 * An emulated link of thesis 4.1 in front of a benchmark database: a private toxiproxy-server
 * (lab.link, the lab's one link emulator) with one proxy carrying the link's round trip (the
 * 0.19 ms link as the lab's microsecond toxic, on top of the proxy hop); {@link #measureMs} says
 * what round trip it really gives.
 */
final class ThesisLink implements AutoCloseable {

    private final ToxiproxyServer server;
    private final LinkProxy proxy;

    private ThesisLink(ToxiproxyServer server, LinkProxy proxy) {
        this.server = server;
        this.proxy = proxy;
    }

    /** The link of {@code ThesisPlan.LINKS} called {@code id}, in front of {@code target}. */
    static ThesisLink open(String id, SourceUrl target) {
        ThesisPlan.Link link = ThesisPlan.link(id);
        ToxiproxyServer server = ToxiproxyServer.start();
        try {
            LinkProxy proxy = server.api().proxy("thesis-" + id, "127.0.0.1:0", target.host() + ":" + target.port())
                    .set(new Link(id, link.thesisRttMs()));
            return new ThesisLink(server, proxy);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** The same database, reached through the link. */
    SourceUrl via(SourceUrl url) {
        return new SourceUrl(url.engine(), url.user(), url.password(), proxy.host(), proxy.port(), url.database());
    }

    /** Median over {@code probes} of the fastest of three {@code SELECT 1} through {@code client} (lab.access.RoundTrip), ms. */
    static double measureMs(DbClient client, int probes) {
        RoundTrip probe = new RoundTrip(client, 0);
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
