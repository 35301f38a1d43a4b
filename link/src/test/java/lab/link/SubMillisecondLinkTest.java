package lab.link;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The lab's toxiproxy-server (link/toxiproxy-lab) really adds a link below one millisecond, and
 * does not serialise pipelined chunks: measured through a private server in front of an echo
 * server in this JVM.
 */
class SubMillisecondLinkTest {

    private static ToxiproxyServer server;
    private static ServerSocket echo;

    @BeforeAll
    static void start() throws IOException {
        echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().start(() -> {
            while (!echo.isClosed()) {
                try {
                    Socket s = echo.accept();
                    Thread.ofPlatform().daemon().start(() -> echoAll(s));
                } catch (IOException e) {
                    return;
                }
            }
        });
        server = ToxiproxyServer.start();
    }

    private static void echoAll(Socket s) {
        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
            s.setTcpNoDelay(true);
            byte[] buf = new byte[4096];
            for (int n; (n = in.read(buf)) > 0; ) {
                out.write(buf, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // the client went away
        }
    }

    @AfterAll
    static void stop() throws IOException {
        if (server != null) {
            server.close();
        }
        echo.close();
    }

    private static LinkProxy proxy(String name) {
        return server.api().proxy(name, "127.0.0.1:0", "127.0.0.1:" + echo.getLocalPort());
    }

    private static Socket connect(LinkProxy p) throws IOException {
        Socket s = new Socket(p.host(), p.port());
        s.setTcpNoDelay(true);
        s.setSoTimeout(5000);
        return s;
    }

    /** One byte out, one byte back, ms. */
    private static double roundTripMs(Socket s) throws IOException {
        long t0 = System.nanoTime();
        s.getOutputStream().write(1);
        s.getOutputStream().flush();
        if (s.getInputStream().read() != 1) {
            throw new IOException("echo lost");
        }
        return (System.nanoTime() - t0) / 1e6;
    }

    @Test
    void lanAddsAboutItsRoundTripAboveTheBareProxyHop() throws IOException {
        LinkProxy bare = proxy("hop");
        LinkProxy lan = proxy("lan").set(Link.LAN);
        assertEquals(0.19, lan.rttMs(), "95 + 95 µs in force");
        assertEquals(0.0, bare.rttMs());
        assertTrue(server.api().proxies().size() >= 2, "proxies are listed while a latency_us toxic is on one");
        assertEquals(0.19, server.api().existing("lan").rttMs());
        int n = 200;
        double[] withLink = new double[n];
        double[] without = new double[n];
        try (Socket a = connect(bare); Socket b = connect(lan)) {
            for (int i = -20; i < n; i++) { // 20 warm-up pairs; interleaved, so drift hits both alike
                double x = roundTripMs(a);
                double y = roundTripMs(b);
                if (i >= 0) {
                    without[i] = x;
                    withLink[i] = y;
                }
            }
        }
        double added = median(withLink) - median(without);
        assertTrue(added >= 0.5 * 0.19 && added <= 3 * 0.19,
                "lan adds " + added + " ms per round trip (median " + median(withLink) + " ms against the bare hop's " + median(without) + " ms)");
    }

    /**
     * 20 one-byte chunks, one every 2 ms (far enough apart that the proxy reads each on its own),
     * through a 50.5 ms link (latency_us, 25,250 µs each way): each waits from its own arrival,
     * so the last echo comes about one RTT after the last chunk was sent. Serialised, each would
     * also wait for the one before: 20 x 25.25 ms = 505 ms upstream alone. The best of three
     * tries, as a busy machine can only make a try slower.
     */
    @Test
    void pipelinedChunksAreNotSerialised() throws Exception {
        LinkProxy p = proxy("pipelined").rtt(50.5);
        int n = 20;
        byte[] sent = new byte[n];
        double best = Double.MAX_VALUE;
        try (Socket s = connect(p)) {
            for (int attempt = 0; attempt < 3; attempt++) {
                OutputStream out = s.getOutputStream();
                for (int i = 0; i < n; i++) {
                    if (i > 0) {
                        Thread.sleep(2);
                    }
                    sent[i] = (byte) (attempt * n + i);
                    out.write(sent[i]);
                    out.flush();
                }
                long lastSent = System.nanoTime();
                byte[] got = s.getInputStream().readNBytes(n);
                best = Math.min(best, (System.nanoTime() - lastSent) / 1e6);
                assertArrayEquals(sent, got, "every chunk arrives, in order");
            }
        }
        assertTrue(best < 100, "the last echo came " + best + " ms after the last chunk was sent (best of 3; RTT 50.5 ms)");
    }

    @Test
    void aChunkWaitingWhenTheLinkIsRemovedGoesOnAtOnce() throws Exception {
        LinkProxy p = proxy("removed").rtt(2000.5); // a latency_us link of 1000.25 ms each way
        try (Socket s = connect(p)) {
            s.getOutputStream().write(7);
            s.getOutputStream().flush();
            Thread.sleep(100); // the byte now waits in the upstream toxic
            long t0 = System.nanoTime();
            p.rtt(0);
            assertEquals(7, s.getInputStream().read(), "the waiting byte is passed on, not dropped");
            assertTrue((System.nanoTime() - t0) / 1e6 < 500, "passed on once the toxic is gone, not after its 1 s");
        }
    }

    private static double median(double[] ms) {
        double[] sorted = ms.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
