package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import lab.access.ClientOptions.Overflow;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Bounded queues: with a tiny queue the excess fails fast with the overload error; nothing else breaks. */
class OverflowTest {

    private static final int CALLS = 8;
    private static final int POOL = 1;
    private static final int QUEUE = 2;

    @BeforeAll
    static void database() throws Exception {
        for (Engine engine : Engine.values()) {
            TestDb.ensureDatabase(engine);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void excessCallsFailFastAndLaterCallsWork(Engine engine, Mode mode) {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ClientOptions options = TestDb.options().withPoolSize(POOL).withQueueBound(QUEUE).withExecutorThreads(2);
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, options, registry)) {
            Fire.await(client.query("SELECT 1 AS warm"));
            String slow = Cases.sleep(engine, 0.3);

            List<CompletableFuture<Timed>> calls = Fire.concurrently(client, CALLS, () -> Timed.of(client.query(slow)));
            List<Timed> outcomes = Fire.await(ForkJoin.all(calls));

            List<Timed> rejected = outcomes.stream().filter(t -> t.error != null).toList();
            assertEquals(POOL + QUEUE, outcomes.size() - rejected.size(), "poolSize + queueBound calls run: " + outcomes);
            assertEquals(CALLS - POOL - QUEUE, rejected.size());
            for (Timed r : rejected) {
                OverloadedException e = assertInstanceOf(OverloadedException.class, r.error);
                assertTrue(e.getMessage().contains("overloaded") && e.getMessage().startsWith(client.source().address()), e.getMessage());
                assertTrue(r.ms < 150, "rejected at once, not after the slow calls: " + r.ms + " ms");
            }
            assertEquals(CALLS - POOL - QUEUE, registry.get("access.rejected").counter().count());

            assertEquals(1L, Fire.await(client.query("SELECT 1 AS one")).first().getLong("one"));
            assertEquals(0.0, registry.get("access.calls.inflight").gauge().value());
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#async")
    void blockWaitsForRoomThenGivesUp(Engine engine, Mode mode) {
        ClientOptions options = TestDb.options().withPoolSize(1).withQueueBound(0).withOverflow(Overflow.BLOCK)
                .withConnectTimeout(Duration.ofMillis(400));
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, options)) {
            Fire.await(client.query("SELECT 1 AS warm"));

            CompletionStage<Rows> first = client.query(Cases.sleep(engine, 0.2));
            long t0 = System.nanoTime();
            CompletionStage<Rows> second = client.query("SELECT 2 AS two"); // waits for room, then runs
            long blockedMs = Duration.ofNanos(System.nanoTime() - t0).toMillis();
            assertTrue(blockedMs >= 100, "the caller waited for room: " + blockedMs + " ms");
            Fire.await(first);
            assertEquals(2L, Fire.await(second).first().getLong("two"));

            CompletionStage<Rows> hog = client.query(Cases.sleep(engine, 1.0));
            t0 = System.nanoTime();
            Throwable e = Fire.failure(client.query("SELECT 3"));
            long gaveUpMs = Duration.ofNanos(System.nanoTime() - t0).toMillis();
            assertInstanceOf(OverloadedException.class, e);
            assertTrue(gaveUpMs >= 350 && gaveUpMs < 900, "gave up after connectTimeout: " + gaveUpMs + " ms");
            Fire.await(hog);
        }
    }

    /** A call's duration and its error, if any. */
    private record Timed(long ms, Throwable error) {
        static CompletionStage<Timed> of(CompletionStage<Rows> call) {
            long t0 = System.nanoTime();
            return call.handle((rows, e) -> new Timed(Duration.ofNanos(System.nanoTime() - t0).toMillis(), e == null ? null : ForkJoin.unwrap(e)));
        }
    }
}
