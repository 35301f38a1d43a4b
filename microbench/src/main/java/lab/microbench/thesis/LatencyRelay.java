package lab.microbench.thesis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * A link with a round-trip time, emulated in user space on loopback: a TCP relay on 127.0.0.1 that
 * forwards to a local server and holds every chunk for half the round trip in each direction,
 * keeping order (like {@code tc netem delay}, without bandwidth limit or jitter). Used where the
 * kernel has no netem ({@link Netns#probe()} says why). Closing stops the relay and its sockets.
 */
public final class LatencyRelay implements AutoCloseable {

    private record Chunk(long dueNanos, byte[] data) {
    }

    private static final Chunk EOF = new Chunk(0, new byte[0]);

    private final ServerSocket server;
    private final String targetHost;
    private final int targetPort;
    private final long oneWayNanos;
    private final List<Socket> sockets = new ArrayList<>();
    private volatile boolean closed;

    /** @param oneWayMicros the delay added in each direction (half the emulated round trip) */
    public LatencyRelay(String targetHost, int targetPort, long oneWayMicros) throws IOException {
        if (!InetAddress.getByName(targetHost).isLoopbackAddress()) {
            throw new IllegalArgumentException("the relay only forwards to loopback, not " + targetHost);
        }
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.oneWayNanos = oneWayMicros * 1_000;
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread.ofPlatform().daemon().name("relay-accept").start(this::accept);
    }

    public int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket(targetHost, targetPort);
                client.setTcpNoDelay(true);
                upstream.setTcpNoDelay(true);
                synchronized (sockets) {
                    sockets.add(client);
                    sockets.add(upstream);
                }
                pipe(client, upstream);
                pipe(upstream, client);
            } catch (IOException e) {
                if (!closed) {
                    System.err.println("[relay] " + e);
                }
            }
        }
    }

    /** One direction: a reader stamps each chunk with its due time, a writer sends it when due. */
    private void pipe(Socket from, Socket to) {
        BlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
        Thread.ofPlatform().daemon().name("relay-read").start(() -> {
            byte[] buffer = new byte[64 * 1024];
            try {
                InputStream in = from.getInputStream();
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    queue.add(new Chunk(System.nanoTime() + oneWayNanos, Arrays.copyOf(buffer, n)));
                }
            } catch (IOException ignored) {
                // the other side or close() ended the connection
            }
            queue.add(EOF);
        });
        Thread.ofPlatform().daemon().name("relay-write").start(() -> {
            try {
                OutputStream out = to.getOutputStream();
                while (true) {
                    Chunk c = queue.take();
                    if (c == EOF) {
                        break;
                    }
                    long wait;
                    while ((wait = c.dueNanos() - System.nanoTime()) > 0) {
                        LockSupport.parkNanos(wait);
                    }
                    out.write(c.data());
                    out.flush();
                }
                to.shutdownOutput();
            } catch (IOException | InterruptedException ignored) {
                // closed
            }
        });
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // best effort
        }
        synchronized (sockets) {
            for (Socket s : sockets) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // best effort
                }
            }
        }
    }
}
