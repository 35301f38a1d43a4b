package lab.shop;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Many HTTP clients on one test thread (NIO): each connection sends one request with
 * {@code Connection: close} and reads until the server closes. No thread per connection, so the
 * JVM's thread count is the server's.
 */
final class ManyClients implements AutoCloseable {

    private static final class Conn {
        final ByteBuffer request;
        final ByteArrayOutputStream response = new ByteArrayOutputStream();
        boolean closed;

        Conn(String request) {
            this.request = ByteBuffer.wrap(request.getBytes(StandardCharsets.US_ASCII));
        }
    }

    private final Selector selector;
    private final List<Conn> conns = new ArrayList<>();
    private int written;
    private int closed;

    ManyClients(int port, int count, IntFunction<String> path) throws IOException {
        selector = Selector.open();
        InetSocketAddress server = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
        for (int i = 0; i < count; i++) {
            Conn conn = new Conn("GET " + path.apply(i) + " HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");
            SocketChannel ch = SocketChannel.open();
            ch.configureBlocking(false);
            ch.connect(server);
            ch.register(selector, SelectionKey.OP_CONNECT, conn);
            conns.add(conn);
        }
    }

    /** Pumps until every request is written. */
    void sendAll(Duration max) throws IOException {
        long deadline = System.nanoTime() + max.toNanos();
        while (written < conns.size() && System.nanoTime() < deadline) {
            pump(50);
        }
        if (written < conns.size()) {
            throw new IllegalStateException("only " + written + " of " + conns.size() + " requests sent");
        }
    }

    /** Pumps for a while (reading whatever arrives). */
    void pumpFor(Duration time) throws IOException {
        long deadline = System.nanoTime() + time.toNanos();
        while (System.nanoTime() < deadline) {
            pump(20);
        }
    }

    /** Pumps until the server has closed every connection; returns the responses. */
    List<String> receiveAll(Duration max) throws IOException {
        long deadline = System.nanoTime() + max.toNanos();
        while (closed < conns.size() && System.nanoTime() < deadline) {
            pump(50);
        }
        return conns.stream().map(c -> c.response.toString(StandardCharsets.UTF_8)).toList();
    }

    private void pump(long timeoutMs) throws IOException {
        selector.select(timeoutMs);
        ByteBuffer buffer = ByteBuffer.allocate(16 * 1024);
        for (var it = selector.selectedKeys().iterator(); it.hasNext(); ) {
            SelectionKey key = it.next();
            it.remove();
            SocketChannel ch = (SocketChannel) key.channel();
            Conn conn = (Conn) key.attachment();
            try {
                if (key.isConnectable() && ch.finishConnect()) {
                    key.interestOps(SelectionKey.OP_WRITE);
                } else if (key.isWritable()) {
                    ch.write(conn.request);
                    if (!conn.request.hasRemaining()) {
                        written++;
                        key.interestOps(SelectionKey.OP_READ);
                    }
                } else if (key.isReadable()) {
                    buffer.clear();
                    int n = ch.read(buffer);
                    if (n < 0) {
                        finish(key, conn);
                    } else {
                        conn.response.write(buffer.array(), 0, n);
                    }
                }
            } catch (IOException e) {
                finish(key, conn);
            }
        }
    }

    private void finish(SelectionKey key, Conn conn) throws IOException {
        key.cancel();
        key.channel().close();
        if (!conn.closed) {
            conn.closed = true;
            closed++;
        }
    }

    @Override
    public void close() throws IOException {
        for (SelectionKey key : selector.keys()) {
            key.channel().close();
        }
        selector.close();
    }
}
