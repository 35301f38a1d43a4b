package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingStream;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code virtual} under load: 500 concurrent calls through a pool of 10 connections all complete,
 * and JFR's {@code jdk.VirtualThreadPinned} event (a virtual thread that blocked while pinned to
 * its carrier) never fires from the access code or the drivers.
 */
class VirtualLoadTest {

    private static final int CALLS = 500;

    @ParameterizedTest(name = "{0}")
    @MethodSource("lab.access.Cases#engines")
    void fiveHundredCallsOnTenConnectionsWithoutPinning(Engine engine) throws Exception {
        List<String> pinned = new CopyOnWriteArrayList<>();
        ClientOptions options = TestDb.options().withPoolSize(10).withQueueBound(CALLS)
                .withConnectTimeout(Duration.ofSeconds(10)).withQueryTimeout(Duration.ofSeconds(20));
        try (RecordingStream jfr = new RecordingStream();
             DbClient client = DbClients.create(TestDb.url(engine), Mode.VIRTUAL, options)) {
            jfr.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
            jfr.onEvent("jdk.VirtualThreadPinned", event -> pinned.add(describe(event)));
            jfr.startAsync();
            Fire.warmUp(client);

            long t0 = System.nanoTime();
            List<CompletableFuture<Rows>> calls = Fire.concurrently(client, CALLS, () -> client.query(Cases.sleep(engine, 0.01)));
            List<ForkJoin.Outcome<Rows>> outcomes = Fire.settle(calls, Duration.ofSeconds(30));
            long ms = Duration.ofNanos(System.nanoTime() - t0).toMillis();

            jfr.stop(); // flushes the events recorded so far
            System.out.printf("VIRTUAL %s: %d calls on 10 connections in %d ms, pinned events: %d%n", engine.scheme, CALLS, ms, pinned.size());
            assertEquals(CALLS, outcomes.stream().filter(ForkJoin.Outcome::isOk).count(), "every call completes");
            assertTrue(pinned.isEmpty(), "virtual threads pinned their carrier:\n" + String.join("\n", pinned));
        }
    }

    private static String describe(RecordedEvent event) {
        var stack = event.getStackTrace();
        return event.getDuration() + " " + (stack == null ? "" : stack.getFrames().stream().limit(12)
                .map(f -> f.getMethod().getType().getName() + "." + f.getMethod().getName()).toList());
    }
}
