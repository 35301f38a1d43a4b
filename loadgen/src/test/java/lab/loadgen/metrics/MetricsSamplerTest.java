package lab.loadgen.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;

/** The sampler against an app that accepts connections and never answers, as a blocked one does. */
class MetricsSamplerTest {

    /** What a tool held over its window: the mean of the counts from the first that found one open. */
    @Test
    void theToolHeldTheMeanOfItsOpenConnectionsFromItsFirstConnect() {
        // a tool that takes two seconds to open 10,000 connections held 8,000 over five
        assertEquals(8_000.0, MetricsSampler.held(List.of(0, 0, 4_000, 6_000, 10_000, 10_000, 10_000)));
        assertEquals(10_000.0, MetricsSampler.held(List.of(10_000, 10_000, 10_000)), "all open from the first count");
        assertEquals(10_000.0, MetricsSampler.held(List.of(10_000, 10_000, 10_000, 2_000)), "the last fell in its closes");
        assertEquals(7_000.0, MetricsSampler.held(List.of(4_000, 10_000)), "ramping up to the end: kept");
        assertNull(MetricsSampler.held(List.of(0, 0)), "nothing ever connected");
        assertNull(MetricsSampler.held(List.of()), "no count: a point shorter than a second");
    }

    /**
     * Its scrapes time out (2 s each), yet the load tool's connections are counted on their own
     * clock: a count tied to every few scrapes came only after 10 s here, past the point's end.
     */
    @Test
    void aBlockedAppStillGetsItsToolConnectionsCounted() throws Exception {
        try (ServerSocket app = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = app.getLocalPort();
            assumeTrue(ToolConnections.count(port).isPresent(), "no /proc/net/tcp here");
            List<Socket> held = new CopyOnWriteArrayList<>();
            Thread acceptor = Thread.ofVirtual().start(() -> {
                try {
                    while (true) {
                        held.add(app.accept()); // read nothing, answer nothing
                    }
                } catch (Exception closed) {
                    // the test is over
                }
            });
            String tcp = "/dev/tcp/127.0.0.1/" + port;
            Process tool = new ProcessBuilder("bash", "-c", "exec 3<>" + tcp + " 4<>" + tcp + " 5<>" + tcp + "; sleep 30").start();
            try {
                MetricsSampler sampler = new MetricsSampler(HealthCheck.client(), URI.create("http://127.0.0.1:" + port + "/metrics"),
                        Duration.ofMillis(500));
                sampler.start();
                Thread.sleep(5_000);
                ServerMetrics seen = sampler.stop();
                assertEquals(0, seen.samples(), "the app never answered a scrape");
                assertNotNull(seen.toolConnections(), "counted while every scrape timed out");
                assertEquals(3.0, seen.toolConnections());
            } finally {
                tool.destroyForcibly().waitFor();
                app.close();
                acceptor.join();
                for (Socket s : held) {
                    s.close();
                }
            }
        }
    }
}
