package lab.portal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import lab.access.SourceUrl;

/**
 * A TCP forwarder in front of a database server that a test can cut (every connection reset,
 * new ones closed at once: the server is "down") and restore, without restarting the portal.
 */
final class CuttableProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final InetSocketAddress server;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean cut;

    CuttableProxy(SourceUrl target) throws IOException {
        this.server = new InetSocketAddress(target.host(), target.port());
        this.listener = new ServerSocket(0, 100, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().name("proxy-accept").start(this::accept);
    }

    /** {@code target} reached through this proxy. */
    SourceUrl route(SourceUrl target) {
        return new SourceUrl(target.engine(), target.user(), target.password(), "127.0.0.1", listener.getLocalPort(), target.database());
    }

    void cut() {
        cut = true;
        open.forEach(CuttableProxy::quietly);
    }

    void restore() {
        cut = false;
    }

    @Override
    public void close() {
        quietly(listener);
        cut();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                if (cut) {
                    quietly(client);
                    continue;
                }
                forward(client);
            } catch (IOException e) {
                // the listener is closed
            }
        }
    }

    private void forward(Socket client) {
        Socket upstream = new Socket();
        try {
            upstream.connect(server, 2_000);
        } catch (IOException e) {
            quietly(upstream);
            quietly(client); // the server refused: so does the proxy
            return;
        }
        open.add(client);
        open.add(upstream);
        Thread.ofVirtual().start(() -> copy(client, upstream));
        Thread.ofVirtual().start(() -> copy(upstream, client));
    }

    private void copy(Socket from, Socket to) {
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException ignored) {
            // cut or closed
        } finally {
            quietly(from);
            quietly(to);
            open.remove(from);
            open.remove(to);
        }
    }

    private static void quietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // already closed
        }
    }
}
