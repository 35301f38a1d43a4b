package lab.loadgen.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/**
 * Goodput counts from the run's first success: a run starts with nothing in flight, and no answer
 * can come before the first request crossed the whole page (jdbc at 78 ms: 16 round trips).
 */
class WrkFirstSuccessTest {

    private static final long HELD_MS = 1000;

    /** wrk's output of a 6 s run with the status script's count by status, before its timeline lines. */
    static final String SIX_SECONDS = """
            Running 6s test @ http://127.0.0.1:8081/
              1 threads and 10 connections
              Thread Stats   Avg      Stdev     Max   +/- Stdev
                Latency     1.00s   100.00ms   1.50s    90.00%
              60 requests in 6.00s, 6.00KB read
            Requests/sec:     10.00
            Transfer/sec:      1.00KB
            Status codes: 200=60
            """;

    /**
     * Real wrk against a server that holds every request until a second after the first one came
     * (a slow page), then answers at once: the status script prints when the first success came,
     * and the goodput leaves that second out while the cost per success does not.
     */
    @Test
    void theSecondBeforeTheFirstSuccessIsLeftOut() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/wrk")), "wrk is needed at /usr/bin/wrk");
        AtomicLong first = new AtomicLong();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> {
            first.compareAndSet(0, System.nanoTime());
            long wait = HELD_MS - Duration.ofNanos(System.nanoTime() - first.get()).toMillis();
            try {
                if (wait > 0) {
                    Thread.sleep(wait);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            WrkTool wrk = WrkTool.find("/usr/bin/wrk");
            ToolRequest request = new ToolRequest("127.0.0.1", server.getAddress().getPort(), "/", 4, 3, 0, 5, null, 1);
            ProcessRunner.Outcome run = new ProcessRunner().run(wrk.commands(request), Duration.ofSeconds(20));
            String output = run.outputs().getFirst();
            Measurement m = wrk.parse(run.outputs());
            assertTrue(output.contains("first success after: "), output);
            assertTrue(m.successes() > 0, output);
            double wholeRun = m.successes() / m.durationSec();
            assertEquals(wholeRun, m.successesPerRunSecond(), 1e-9, "a success's cost is over the whole run");
            // held >= 1 s of a 3 s run: the window is at most 2 s, so at least 1.5x the whole run's rate
            assertTrue(m.requestsPerSec() >= 1.4 * wholeRun, m.requestsPerSec() + " vs " + wholeRun + "\n" + output);
            assertTrue(m.answersPerSec() >= 1.4 * m.requests() / m.durationSec(), output);
        } finally {
            server.stop(0);
        }
    }

    /** A first success late in the run leaves out at most half of it; no line, or none came: the whole run. */
    @Test
    void theTimeLeftOutIsAtMostHalfTheRun() {
        Measurement none = new WrkParser().parse(SIX_SECONDS);
        assertEquals(10.0, none.requestsPerSec(), 1e-9);
        Measurement early = new WrkParser().parse(SIX_SECONDS + "First answer after: 1.000 s, first success after: 2.000 s\n");
        assertEquals(60 / 4.0, early.requestsPerSec(), 1e-9);
        assertEquals(60 / 5.0, early.answersPerSec(), 1e-9);
        assertEquals(10.0, early.successesPerRunSecond(), 1e-9);
        Measurement late = new WrkParser().parse(SIX_SECONDS + "First answer after: 5.000 s, first success after: 5.500 s\n");
        assertEquals(60 / 3.0, late.requestsPerSec(), 1e-9, "at most half the run left out");
        Measurement noSuccess = new WrkParser().parse(SIX_SECONDS.replace("200=60", "503=60")
                + "First answer after: 0.010 s, first success after: none s\n");
        assertEquals(0.0, noSuccess.requestsPerSec(), 1e-9);
        assertNotNull(noSuccess.answersPerSec());
    }
}
