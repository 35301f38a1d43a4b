package lab.loadgen.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
