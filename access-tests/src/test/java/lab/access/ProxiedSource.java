package lab.access;

import java.util.concurrent.atomic.AtomicInteger;
import lab.link.LinkProxy;
import lab.link.Toxiproxy;
import lab.link.ToxiproxyServer;

/**
 * A real source reached through a Toxiproxy proxy (lab.link), to break the network on purpose:
 * {@link #cut()} resets every connection and refuses new ones (a server that is down),
 * {@link #blackHole()} resets every connection and accepts new ones without ever answering (a
 * server that hangs), {@link #stall(boolean)} holds all traffic (a server that stopped
 * answering), {@link #latency(long)} adds round-trip time (a far-away server), and
 * {@link #restore()} forwards again. One private toxiproxy-server serves every proxy of the test
 * JVM. Shared with the apps' tests through the {@code access} test-jar.
 */
public final class ProxiedSource implements AutoCloseable {

    private static final AtomicInteger NEXT = new AtomicInteger();
    private static ToxiproxyServer server;

    private final LinkProxy proxy;
    private volatile boolean blackHole;

    public ProxiedSource(SourceUrl target) {
        this(target.host(), target.port());
    }

    public ProxiedSource(String host, int port) {
        this.proxy = api().proxy("test-" + ProcessHandle.current().pid() + "-" + NEXT.incrementAndGet(), "127.0.0.1:0", host + ":" + port);
    }

    /** The test JVM's toxiproxy-server, started on first use and stopped when the JVM exits. */
    private static synchronized Toxiproxy api() {
        if (server == null) {
            server = ToxiproxyServer.start();
            Runtime.getRuntime().addShutdownHook(new Thread(server::close, "toxiproxy-stop"));
        }
        return server.api();
    }

    /** The same source, reached through this proxy. */
    public SourceUrl via(SourceUrl url) {
        return new SourceUrl(url.engine(), url.user(), url.password(), proxy.host(), proxy.port(), url.database());
    }

    /** The Toxiproxy proxy itself (byte counters, other toxics). */
    public LinkProxy proxy() {
        return proxy;
    }

    public void cut() {
        proxy.disable();
    }

    public void blackHole() {
        blackHole = true;
        proxy.disable().enable().silent(); // existing connections reset, new ones held forever
    }

    /** Forwards again; connections held by {@link #blackHole()} are reset so that their clients retry. */
    public void restore() {
        if (blackHole) {
            blackHole = false;
            proxy.disable();
        }
        proxy.clearFaults();
    }

    /**
     * A server that stopped answering (on), or back (off): what was sent during the silence is lost, so
     * release closes the connections that crossed it, as TCP would reset them (LinkProxy#silent).
     */
    public void stall(boolean on) {
        if (on) {
            proxy.silent();
        } else {
            proxy.clearFaults();
        }
    }

    /** Added round-trip time, ms (0 = none). */
    public void latency(long ms) {
        proxy.rtt(ms);
    }

    @Override
    public void close() {
        if (api().existing(proxy.name()) != null) {
            proxy.delete();
        }
    }
}
