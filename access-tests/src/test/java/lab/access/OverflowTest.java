package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import lab.access.ClientOptions.Overflow;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Bounded queues: with a tiny queue the excess fails fast with the overload error; nothing else breaks. */
class OverflowTest {

    private static final int CALLS = 8;
    private static final int POOL = 1;
    private static final int QUEUE = 2;

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void excessCallsFailFastAndLaterCallsWork(Engine engine, Mode mode) {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ClientOptions options = TestDb.options().withPoolSize(POOL).withQueueBound(QUEUE).withExecutorThreads(2);
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, options, registry)) {
            Fire.warmUp(client);
            String slow = Cases.sleep(engine, 0.3);

            List<CompletableFuture<Timed>> calls = Fire.concurrently(client, CALLS, () -> Timed.of(() -> client.query(slow)));
            List<Timed> outcomes = Fire.await(ForkJoin.all(calls));

            List<Timed> rejected = outcomes.stream().filter(t -> t.error != null).toList();
            assertEquals(POOL + QUEUE, outcomes.size() - rejected.size(), "poolSize + queueBound calls run: " + outcomes);
            assertEquals(CALLS - POOL - QUEUE, rejected.size());
            long fastestRun = outcomes.stream().filter(t -> t.error == null).mapToLong(Timed::ms).min().orElseThrow();
            for (Timed r : rejected) {
                OverloadedException e = assertInstanceOf(OverloadedException.class, r.error);
                assertTrue(e.getMessage().contains("overloaded") && e.getMessage().startsWith(client.source().address()), e.getMessage());
                assertTrue(r.ms < fastestRun, "rejected at once, before any slow call ended: " + outcomes);
            }
            assertEquals(CALLS - POOL - QUEUE, registry.get("access.rejected").counter().count());

            assertEquals(1L, Fire.await(client.query("SELECT 1 AS one")).first().getLong("one"));
            assertEquals(0.0, registry.get("access.calls.inflight").gauge().value());
        }
    }

    /**
     * A call issued by another thread the moment the previous one completes is within the bound,
     * even while the driver is still putting that call's connection back into its pool.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void backToBackCallsAtTheBoundAreNeverRejected(Engine engine, Mode mode) {
        ClientOptions options = TestDb.options().withPoolSize(1).withQueueBound(0);
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, options)) {
            Fire.warmUp(client);
            for (int i = 0; i < 300; i++) {
                assertEquals(1L, Fire.await(client.query("SELECT 1 AS one")).first().getLong("one"), "call " + i);
            }
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#async")
    void blockWaitsForRoomThenGivesUp(Engine engine, Mode mode) {
        ClientOptions options = TestDb.options().withPoolSize(1).withQueueBound(0).withOverflow(Overflow.BLOCK)
                .withConnectTimeout(Duration.ofMillis(1000));
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, options)) {
            Fire.warmUp(client);

            CompletionStage<Rows> first = client.query(Cases.sleep(engine, 0.1));
            long t0 = System.nanoTime();
            CompletionStage<Rows> second = client.query("SELECT 2 AS two"); // waits for room, then runs
            long blockedMs = Duration.ofNanos(System.nanoTime() - t0).toMillis();
            assertTrue(blockedMs >= 50, "the caller waited for room: " + blockedMs + " ms");
            Fire.await(first);
            assertEquals(2L, Fire.await(second).first().getLong("two"));

            CompletionStage<Rows> hog = client.query(Cases.sleep(engine, 1.6));
            t0 = System.nanoTime();
            Throwable e = Fire.failure(client.query("SELECT 3"));
            long gaveUpMs = Duration.ofNanos(System.nanoTime() - t0).toMillis();
            assertInstanceOf(OverloadedException.class, e);
            assertTrue(gaveUpMs >= 950 && gaveUpMs < 1600, "gave up after connectTimeout (1 s), before the hog ended: " + gaveUpMs + " ms");
            Fire.await(hog);
        }
    }

    /** A call's duration (measured from before the call, which in jdbc mode does all the work) and its error, if any. */
    private record Timed(long ms, Throwable error) {
        static CompletionStage<Timed> of(Supplier<CompletionStage<Rows>> call) {
            long t0 = System.nanoTime();
            return call.get().handle((rows, e) -> new Timed(Duration.ofNanos(System.nanoTime() - t0).toMillis(), e == null ? null : ForkJoin.unwrap(e)));
        }
    }
}
