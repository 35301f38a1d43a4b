package lab.loadgen.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/**
 * What a closed loop held is counted by wrk's status script, not inferred from rate × wrk's mean:
 * a request the server never answers is in flight for the whole window, and rate × mean cannot see it.
 */
class WrkInFlightTest {

    private static final int CONNECTIONS = 8;
    private static final int STARVED = 4;

    /**
     * Real wrk against a server that keeps the first four requests until the run is over and answers
     * every other one after 20 ms: four connections starve, four cycle. In flight is then nearly all
     * eight; rate × mean counts only the four that cycle.
     */
    @Test
    void aStarvedConnectionIsInFlightTheWholeWindow() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/wrk")), "wrk is needed at /usr/bin/wrk");
        AtomicInteger arrived = new AtomicInteger();
        CountDownLatch over = new CountDownLatch(1);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> {
            try {
                if (arrived.incrementAndGet() <= STARVED) {
                    over.await();
                } else {
                    Thread.sleep(20);
                }
                byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                exchange.close();
            }
        });
        server.start();
        try {
            WrkTool wrk = WrkTool.find("/usr/bin/wrk");
            ToolRequest request = new ToolRequest("127.0.0.1", server.getAddress().getPort(), "/", CONNECTIONS, 3, 0,
                    10, null, 2);
            ProcessRunner.Outcome run = new ProcessRunner().run(wrk.commands(request), Duration.ofSeconds(20));
            String output = run.outputs().getFirst();
            Measurement m = wrk.parse(run.outputs());
            assumeTrue(output.contains("First answer after: "), "this wrk's Lua has no clock (no ffi)");
            assertNotNull(m.inFlightMean(), output);
            assertTrue(m.inFlightMean() >= CONNECTIONS - 1 && m.inFlightMean() <= CONNECTIONS, output);
            double product = m.answersPerSec() * m.answersMeanMs() / 1000;
            assertTrue(product < STARVED + 1, "rate × mean sees only the connections that cycle: " + product + "\n" + output);
        } finally {
            over.countDown();
            server.stop(0);
        }
    }

    /** The line the script prints is read as it is; a run without it counted nothing. */
    @Test
    void theScriptsLineIsRead() {
        String run = WrkFirstSuccessTest.SIX_SECONDS;
        assertEquals(7.9, new WrkParser().parse(run + "In flight after the first answer: 7.9\n").inFlightMean(), 1e-9);
        assertNull(new WrkParser().parse(run).inFlightMean());
    }
}
