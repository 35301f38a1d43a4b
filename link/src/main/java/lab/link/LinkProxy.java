package lab.link;

import com.google.gson.JsonObject;
import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import java.io.IOException;
import java.util.Map;

/**
 * One Toxiproxy proxy (listen → upstream) and the toxics the lab puts on it: a link's RTT as
 * the lab's {@code latency_us} toxics (link/toxiproxy-lab), and the faults of {@code make faults} (silent server,
 * reset peer, latency spike, bandwidth limit, disabled). Each setter replaces the toxic of the same name, so calls
 * are idempotent; {@link #clear()} removes them all.
 */
public final class LinkProxy {

    static final String RTT_DOWN = "rtt_downstream";
    static final String RTT_UP = "rtt_upstream";
    static final String SILENT_UP = "fault_silent_upstream";
    static final String SILENT_DOWN = "fault_silent_downstream";
    static final String RESET = "fault_reset_peer";
    static final String SPIKE = "fault_latency_spike";
    static final String BANDWIDTH = "fault_bandwidth";

    /** Upstream's latency toxic (attributes in ms: the latency spike) and the lab's (µs, link/toxiproxy-lab: the RTT). */
    static final String LATENCY_MS = "latency";
    static final String LATENCY_US = "latency_us";

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

    /**
     * Where a client reaches the proxy: its listen host, or, where it listens on every interface
     * ({@code 0.0.0.0}, {@code [::]}: Toxiproxy in a container), the host its API is reached at
     * (the map's lan column from the loadgen container dialled {@code [::]:18181} and was refused).
     */
    public String host() {
        String l = listen();
        String host = l.substring(0, l.lastIndexOf(':'));
        return host.equals("0.0.0.0") || host.equals("[::]") || host.equals("::") || host.isEmpty() ? server.url().getHost() : host;
    }

    public int port() {
        String l = listen();
        return Integer.parseInt(l.substring(l.lastIndexOf(':') + 1));
    }

    public String upstream() {
        return proxy.getUpstream();
    }

    /**
     * Round-trip time {@code link} on this proxy, half each way (see {@link Link}), as the lab's
     * latency_us toxics at every RTT, whole milliseconds included; 0 ms = no toxic.
     */
    public LinkProxy set(Link link) {
        delay(RTT_DOWN, ToxicDirection.DOWNSTREAM, LATENCY_US, link.downstreamUs());
        return delay(RTT_UP, ToxicDirection.UPSTREAM, LATENCY_US, link.upstreamUs());
    }

    public LinkProxy rtt(double ms) {
        return set(new Link(Link.format(ms), ms));
    }

    /**
     * Round-trip time {@code us} all on replies (server → client), none on requests: for a
     * request and its answer the same RTT as half each way, with one timer wake per round trip
     * instead of two, so half the lateness a busy machine adds ({@link LinkCalibration}).
     */
    public LinkProxy rttOnReplies(long us) {
        delay(RTT_UP, ToxicDirection.UPSTREAM, LATENCY_US, 0);
        return delay(RTT_DOWN, ToxicDirection.DOWNSTREAM, LATENCY_US, us);
    }

    /** Added RTT now in force on this proxy, ms, to the microsecond (0 when none). */
    public double rttMs() {
        try {
            double ms = 0;
            for (JsonObject t : server.toxics(name())) {
                String n = t.get("name").getAsString();
                if (n.equals(RTT_DOWN) || n.equals(RTT_UP)) {
                    long latency = t.getAsJsonObject("attributes").get("latency").getAsLong();
                    ms += t.get("type").getAsString().equals(LATENCY_US) ? latency / 1000.0 : latency;
                }
            }
            return Math.round(ms * 1000) / 1000.0;
        } catch (IOException e) {
            throw server.failed("read toxics of " + name(), e);
        }
    }

    /**
     * A server that accepts and then never answers: nothing passes either way (timeout toxics of
     * 0 = never close). Toxiproxy drops what it holds back, so a connection that carried a byte
     * during the fault has a hole in its stream: {@link #clearFaults} closes every connection
     * (as TCP would reset it after its retries), else each waits for its client's query timeout
     * after the clear (a 10 s recovery that measured Toxiproxy, not the app). Latency toxics that
     * hold instead of dropping hang Toxiproxy's API on removal once a client gave up its connection.
     */
    public LinkProxy silent() {
        return run("silent", () -> {
            if (typeOf(SILENT_UP) == null) {
                proxy.toxics().timeout(SILENT_UP, ToxicDirection.UPSTREAM, 0);
            }
            if (typeOf(SILENT_DOWN) == null) {
                proxy.toxics().timeout(SILENT_DOWN, ToxicDirection.DOWNSTREAM, 0);
            }
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
        return delay(SPIKE, ToxicDirection.DOWNSTREAM, LATENCY_MS, ms);
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
            for (JsonObject t : server.toxics(name())) {
                server.removeToxic(name(), t.get("name").getAsString());
            }
            if (!proxy.isEnabled()) {
                proxy.enable();
            }
        });
    }

    /**
     * Only the fault toxics removed; the link's RTT stays. After a silence the proxy's connections
     * are closed too: the bytes they sent into it are lost ({@link #silent}). It is disabled first,
     * toxics removed while no connection is open or accepted, then enabled: removed first, the
     * toxics left some of the connections open then silent for good (11 in 16 runs of
     * {@code FaultUnderLoadTest}: calls sent during the clear waited out their query timeout).
     */
    public LinkProxy clearFaults() {
        return run("clear faults", () -> {
            if (typeOf(SILENT_UP) != null || typeOf(SILENT_DOWN) != null) {
                proxy.disable();
            }
            for (String n : new String[] {SILENT_UP, SILENT_DOWN, RESET, SPIKE, BANDWIDTH}) {
                remove(n);
            }
            proxy.enable();
        });
    }

    public void delete() {
        run("delete", proxy::delete);
    }

    /** Bytes forwarded so far, both directions (the server's counters, added when a connection closes). */
    public long bytes() {
        return server.bytes(name());
    }

    /** Toxic {@code name}: {@code amount} of {@code type}'s unit, in place when it is already of that type; 0 removes it. */
    private LinkProxy delay(String name, ToxicDirection direction, String type, long amount) {
        String unit = type.equals(LATENCY_US) ? " µs" : " ms";
        return run(type + " " + amount + unit, () -> {
            String existing = typeOf(name);
            Map<String, Long> attributes = Map.of("latency", amount, "jitter", 0L);
            if (amount <= 0) {
                if (existing != null) {
                    server.removeToxic(name(), name);
                }
            } else if (type.equals(existing)) {
                server.updateToxic(name(), name, attributes); // live connections see the new RTT without a gap
            } else {
                if (existing != null) {
                    server.removeToxic(name(), name);
                }
                try {
                    server.addToxic(name(), name, type, direction.name().toLowerCase(java.util.Locale.ROOT), attributes);
                } catch (IOException e) {
                    throw type.equals(LATENCY_US) ? new IOException(e.getMessage() + "; a link finer than whole milliseconds needs the lab's "
                            + "toxiproxy-server with the latency_us toxic (link/toxiproxy-lab): 'make tools' builds it, and a running lab "
                            + "starts it with 'make down' then 'make up'", e) : e;
                }
            }
        });
    }

    /** The type of the toxic called {@code name} on this proxy, or null when there is none. */
    private String typeOf(String name) throws IOException {
        for (JsonObject t : server.toxics(name())) {
            if (t.get("name").getAsString().equals(name)) {
                return t.get("type").getAsString();
            }
        }
        return null;
    }

    private void remove(String name) throws IOException {
        if (typeOf(name) != null) {
            server.removeToxic(name(), name);
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
