package lab.microbench.thesis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;

/** The round trip a {@link LatencyRelay} really gives: median of one-byte pings to a loopback echo server through it. */
final class RelayPing {

    private RelayPing() {
    }

    /** Median round trip in ms over {@code pings} pings, with {@code oneWayMicros} set on the relay. */
    static double medianMillis(long oneWayMicros, int pings) throws IOException {
        try (ServerSocket echo = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread.ofPlatform().daemon().name("echo").start(() -> {
                try (Socket s = echo.accept(); InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                    s.setTcpNoDelay(true);
                    int b;
                    while ((b = in.read()) >= 0) {
                        out.write(b);
                        out.flush();
                    }
                } catch (IOException ignored) {
                    // the client closed
                }
            });
            try (LatencyRelay relay = new LatencyRelay("127.0.0.1", echo.getLocalPort(), oneWayMicros);
                 Socket s = new Socket(InetAddress.getLoopbackAddress(), relay.port())) {
                s.setTcpNoDelay(true);
                long[] rtt = new long[pings];
                for (int i = 0; i < pings; i++) {
                    long t0 = System.nanoTime();
                    s.getOutputStream().write(1);
                    s.getOutputStream().flush();
                    if (s.getInputStream().read() < 0) {
                        throw new IOException("echo closed");
                    }
                    rtt[i] = System.nanoTime() - t0;
                }
                Arrays.sort(rtt);
                return Math.round(rtt[pings / 2] / 1e3) / 1e3;
            }
        }
    }
}
