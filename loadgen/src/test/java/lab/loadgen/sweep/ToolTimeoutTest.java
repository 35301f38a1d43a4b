package lab.loadgen.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;

import lab.loadgen.config.Instance;

/** The tool waits for the app's own answer limit (PointRunner.timeoutSec), read from a real HTTP metrics page. */
class ToolTimeoutTest {

    private static final AppPlan MAP = Profile.named("map").plan("portal"); // a 5 s timeout

    @Test
    void theToolWaitsForTheAppsAnswerLimitAndSomeMore() throws Exception {
        try (Metrics app = new Metrics("lab_answer_limit_seconds{application=\"portal\",mode=\"jdbc\"} 6.0\n")) {
            PointRunner executor = new PointRunner(null, null, HttpClient.newHttpClient(), 2, null, null, Focus.NONE);
            assertEquals(5.0, MAP.timeoutSec());
            assertEquals(6.0 + PointRunner.ANSWER_SLACK_SEC, executor.timeoutSec(app.planned(MAP)));
            // a plan that waits longer keeps its own timeout
            assertEquals(20.0, executor.timeoutSec(app.planned(MAP.withTimeout(20))));
            // read once per instance
            assertEquals(1, app.scrapes.get());
        }
    }

    @Test
    void withoutTheGaugeThePlansTimeoutStands() throws Exception {
        try (Metrics app = new Metrics("jvm_threads_live_threads 30.0\n")) {
            PointRunner executor = new PointRunner(null, null, HttpClient.newHttpClient(), 2, null, null, Focus.NONE);
            assertEquals(MAP.timeoutSec(), executor.timeoutSec(app.planned(MAP)));
        }
    }

    /** A real HTTP server on loopback with a Prometheus page, standing in for an instance's metrics. */
    private static final class Metrics implements AutoCloseable {
        final HttpServer server;
        final AtomicInteger scrapes = new AtomicInteger();

        Metrics(String text) throws IOException {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
            server.createContext("/metrics", exchange -> {
                scrapes.incrementAndGet();
                byte[] body = text.getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            });
            server.start();
        }

        PlannedPoint planned(AppPlan plan) {
            Instance instance = new Instance("portal-jdbc", "portal", "jdbc", server.getAddress().getPort(), "/health", "/metrics", "/");
            return new PlannedPoint(new Target(instance, "127.0.0.1"), plan, 200, ToolPlan.WRK);
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }
}
