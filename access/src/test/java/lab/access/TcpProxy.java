package lab.access;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A plain-socket TCP proxy in front of a real server, to break the network on purpose:
 * {@link #cut()} resets every connection and refuses new ones (a server that is down),
 * {@link #blackHole()} resets every connection and accepts new ones without ever answering (a
 * server that hangs), {@link #stall(boolean)} holds all traffic (a server that stopped answering),
 * {@link #latency(long)} delays the server's replies (a far-away server) without limiting
 * throughput, and {@link #restore()} forwards again. Shared with the apps' tests through the
 * {@code access} test-jar.
 */
public final class TcpProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile boolean cut;
    private volatile boolean blackHole;
    private volatile boolean stalled;
    private volatile long latencyMs;
    private volatile boolean closed;

    public TcpProxy(SourceUrl target) throws IOException {
        this(target.host(), target.port());
    }

    public TcpProxy(String host, int port) throws IOException {
        this.target = new InetSocketAddress(host, port);
        this.listener = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("test-proxy-accept").start(this::acceptLoop);
    }

    /** The same source, reached through this proxy. */
    public SourceUrl via(SourceUrl url) {
        return new SourceUrl(url.engine(), url.user(), url.password(), "127.0.0.1", listener.getLocalPort(), url.database());
    }

    public void cut() {
        cut = true;
        resetAll();
    }

    public void blackHole() {
        blackHole = true;
        resetAll();
    }

    /** Forwards again; connections held by {@link #blackHole()} are reset so that their clients retry. */
    public void restore() {
        cut = false;
        stalled = false;
        if (blackHole) {
            blackHole = false;
            resetAll();
        }
    }

    public void stall(boolean on) {
        stalled = on;
    }

    public void latency(long ms) {
        latencyMs = ms;
    }

    @Override
    public void close() {
        closed = true;
        closeQuietly(listener);
        resetAll();
    }

    private void resetAll() {
        sockets.removeIf(socket -> {
            closeQuietly(socket);
            return true;
        });
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                if (cut) {
                    closeQuietly(client);
                    continue;
                }
                sockets.add(client);
                if (blackHole) {
                    continue; // accepted, never answered
                }
                Socket server = connect(client);
                if (server == null) {
                    continue;
                }
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                sockets.add(server);
                pump(client, server, false);
                pump(server, client, true);
            } catch (IOException e) {
                if (closed) {
                    return;
                }
            }
        }
    }

    /** The server's side of a new connection, or null (the client's side closed) when the server refuses. */
    private Socket connect(Socket client) {
        Socket server = new Socket();
        try {
            server.connect(target, 2_000);
            return server;
        } catch (IOException e) {
            closeQuietly(server);
            closeQuietly(client);
            sockets.remove(client);
            return null;
        }
    }

    /** Copies one direction; replies (server → client) go through a delay line when latency is set. */
    private void pump(Socket from, Socket to, boolean reply) {
        BlockingQueue<Chunk> line = new LinkedBlockingQueue<>();
        Thread.ofPlatform().daemon().name("test-proxy-read").start(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream()) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    long due = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(reply ? latencyMs : 0);
                    line.put(new Chunk(Arrays.copyOf(buffer, n), due));
                }
            } catch (IOException | InterruptedException ignored) {
                // connection closed or cut
            }
            line.add(Chunk.END);
        });
        Thread.ofPlatform().daemon().name("test-proxy-write").start(() -> {
            try (OutputStream out = to.getOutputStream()) {
                for (Chunk chunk = line.take(); chunk != Chunk.END; chunk = line.take()) {
                    for (long wait = chunk.due - System.nanoTime(); stalled || wait > 0; wait = chunk.due - System.nanoTime()) {
                        if (closed || to.isClosed()) {
                            return;
                        }
                        Thread.sleep(stalled ? 5 : Math.max(1, TimeUnit.NANOSECONDS.toMillis(wait)));
                    }
                    out.write(chunk.bytes);
                    out.flush();
                }
            } catch (IOException | InterruptedException ignored) {
                // connection closed or cut
            } finally {
                closeQuietly(from);
                closeQuietly(to);
                sockets.remove(from);
                sockets.remove(to);
            }
        });
    }

    private record Chunk(byte[] bytes, long due) {
        static final Chunk END = new Chunk(new byte[0], 0);
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // already closed
        }
    }
}
