package lab.link;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.Toxic;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import java.io.IOException;

/**
 * One Toxiproxy proxy (listen → upstream) and the toxics the lab puts on it: a link's RTT as
 * latency toxics, and the faults of {@code make faults} (silent server, reset peer, latency
 * spike, bandwidth limit, disabled). Each setter replaces the toxic of the same name, so calls
 * are idempotent; {@link #clear()} removes them all.
 */
public final class LinkProxy {

    static final String RTT_DOWN = "rtt_downstream";
    static final String RTT_UP = "rtt_upstream";
    static final String SILENT = "fault_silent";
    static final String RESET = "fault_reset_peer";
    static final String SPIKE = "fault_latency_spike";
    static final String BANDWIDTH = "fault_bandwidth";

    private final Toxiproxy server;
    private final Proxy proxy;

    LinkProxy(Toxiproxy server, Proxy proxy) {
        this.server = server;
        this.proxy = proxy;
    }

    public String name() {
        return proxy.getName();
    }

    /** "127.0.0.1:port" the apps connect to. */
    public String listen() {
        return proxy.getListen();
    }

    public String host() {
        String l = listen();
        return l.substring(0, l.lastIndexOf(':'));
    }

    public int port() {
        String l = listen();
        return Integer.parseInt(l.substring(l.lastIndexOf(':') + 1));
    }

    public String upstream() {
        return proxy.getUpstream();
    }

    /** Round-trip time {@code link} on this proxy: half each way (see {@link Link}); 0 ms = no toxic. */
    public LinkProxy set(Link link) {
        latency(RTT_DOWN, ToxicDirection.DOWNSTREAM, link.downstreamMs());
        latency(RTT_UP, ToxicDirection.UPSTREAM, link.upstreamMs());
        return this;
    }

    public LinkProxy rtt(double ms) {
        return set(new Link(Link.format(ms), ms));
    }

    /** Added RTT now in force on this proxy, in whole milliseconds (0 when none). */
    public long rttMs() {
        return latencyOf(RTT_DOWN) + latencyOf(RTT_UP);
    }

    /** A server that accepts and then never answers: data is swallowed (timeout toxic, 0 = forever). */
    public LinkProxy silent() {
        return run("silent", () -> {
            remove(SILENT);
            proxy.toxics().timeout(SILENT, ToxicDirection.UPSTREAM, 0);
        });
    }

    /** Connections reset (TCP RST) as soon as data arrives, after {@code afterMs}. */
    public LinkProxy resetPeer(long afterMs) {
        return run("reset_peer", () -> {
            remove(RESET);
            proxy.toxics().resetPeer(RESET, ToxicDirection.UPSTREAM, afterMs);
        });
    }

    /** Extra latency on replies on top of the link's RTT (a spike; {@code 0} removes it). */
    public LinkProxy latencySpike(long ms) {
        return latency(SPIKE, ToxicDirection.DOWNSTREAM, ms);
    }

    /** Replies limited to {@code kilobytesPerSecond} ({@code 0} removes the limit). */
    public LinkProxy bandwidth(long kilobytesPerSecond) {
        return run("bandwidth", () -> {
            remove(BANDWIDTH);
            if (kilobytesPerSecond > 0) {
                proxy.toxics().bandwidth(BANDWIDTH, ToxicDirection.DOWNSTREAM, kilobytesPerSecond);
            }
        });
    }

    /** Closes every connection and refuses new ones (a server that is down). */
    public LinkProxy disable() {
        return run("disable", proxy::disable);
    }

    public LinkProxy enable() {
        return run("enable", proxy::enable);
    }

    public boolean enabled() {
        LinkProxy now = server.existing(name());
        return now != null && now.proxy.isEnabled();
    }

    /** Every toxic removed (RTT included) and the proxy enabled. */
    public LinkProxy clear() {
        return run("clear", () -> {
            for (Toxic t : proxy.toxics().getAll()) {
                t.remove();
            }
            if (!proxy.isEnabled()) {
                proxy.enable();
            }
        });
    }

    /** Only the fault toxics removed; the link's RTT stays. */
    public LinkProxy clearFaults() {
        return run("clear faults", () -> {
            for (String n : new String[] {SILENT, RESET, SPIKE, BANDWIDTH}) {
                remove(n);
            }
            proxy.enable();
        });
    }

    public void delete() {
        run("delete", proxy::delete);
    }

    /** Bytes forwarded so far, both directions (the server's counters). */
    public long bytes() {
        return server.bytes(name());
    }

    private LinkProxy latency(String name, ToxicDirection direction, long ms) {
        return run("latency " + ms + " ms", () -> {
            Toxic existing = find(name);
            if (ms <= 0) {
                if (existing != null) {
                    existing.remove();
                }
            } else if (existing instanceof eu.rekawek.toxiproxy.model.toxic.Latency l) {
                l.setLatency(ms); // in place: live connections see the new RTT without a gap
            } else {
                proxy.toxics().latency(name, direction, ms);
            }
        });
    }

    private long latencyOf(String name) {
        try {
            return find(name) instanceof eu.rekawek.toxiproxy.model.toxic.Latency l ? l.getLatency() : 0;
        } catch (IOException e) {
            throw server.failed("read toxics of " + name(), e);
        }
    }

    private Toxic find(String name) throws IOException {
        for (Toxic t : proxy.toxics().getAll()) {
            if (t.getName().equals(name)) {
                return t;
            }
        }
        return null;
    }

    private void remove(String name) throws IOException {
        Toxic t = find(name);
        if (t != null) {
            t.remove();
        }
    }

    private LinkProxy run(String what, IoAction action) {
        try {
            action.run();
            return this;
        } catch (IOException e) {
            throw server.failed(what + " on proxy " + name(), e);
        }
    }

    @FunctionalInterface
    private interface IoAction {
        void run() throws IOException;
    }

    @Override
    public String toString() {
        return name() + " " + listen() + " -> " + upstream();
    }
}
