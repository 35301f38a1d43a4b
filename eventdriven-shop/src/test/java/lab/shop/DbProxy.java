package lab.shop;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import lab.access.SourceUrl;

/**
 * A TCP forwarder between the shop and its database, to take the database away on purpose:
 * {@link #blackHole()} drops every connection and then accepts new ones without ever answering
 * (a server that hangs, the worst kind of "down"); {@link #restore()} forwards again.
 * Copying runs on virtual threads.
 */
final class DbProxy implements AutoCloseable {

    private final SourceUrl target;
    private final ServerSocket listener;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile boolean blackHole;

    DbProxy(SourceUrl target) throws IOException {
        this.target = target;
        this.listener = new ServerSocket(0, 100, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().name("db-proxy-accept").start(this::acceptLoop);
    }

    /** The target database, reached through this proxy. */
    SourceUrl url() {
        return new SourceUrl(target.engine(), target.user(), target.password(), "127.0.0.1", listener.getLocalPort(), target.database());
    }

    void blackHole() {
        blackHole = true;
        dropAll();
    }

    /** Forwards again; connections held silent are dropped so that their clients retry. */
    void restore() {
        blackHole = false;
        dropAll();
    }

    @Override
    public void close() throws IOException {
        listener.close();
        dropAll();
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                sockets.add(client);
                if (blackHole) {
                    continue; // accepted, never answered
                }
                Socket server = new Socket(target.host(), target.port());
                sockets.add(server);
                Thread.ofVirtual().start(() -> copy(client, server));
                Thread.ofVirtual().start(() -> copy(server, client));
            } catch (IOException e) {
                // listener closed, or the database refused: the client sees its socket close
            }
        }
    }

    private void copy(Socket from, Socket to) {
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException ignored) {
            // dropped
        } finally {
            drop(from);
            drop(to);
        }
    }

    private void dropAll() {
        sockets.forEach(this::drop);
    }

    private void drop(Socket s) {
        sockets.remove(s);
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}
