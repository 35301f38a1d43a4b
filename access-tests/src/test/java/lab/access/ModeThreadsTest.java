package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each mode is what it says. 200 concurrent slow queries per mode and engine; the threads that
 * complete the calls are recorded (a callback attached before completion runs on the thread that
 * finished the call), and the live platform threads are sampled throughout. Prints the counts.
 */
class ModeThreadsTest {

    private static final int CALLS = 200;
    private static final int EXECUTOR_THREADS = 16;

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void modeRunsOnItsOwnKindOfThread(Engine engine, Mode mode) throws Exception {
        ClientOptions options = TestDb.options().withPoolSize(10).withExecutorThreads(EXECUTOR_THREADS)
                .withConnectTimeout(Duration.ofSeconds(5)).withQueryTimeout(Duration.ofSeconds(10));
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, options)) {
            Fire.warmUp(client);
            int before = Threads.live();
            Set<Thread> completers = ConcurrentHashMap.newKeySet();
            String sql = Cases.sleep(engine, 0.05);

            long started = System.nanoTime();
            Threads.Peak peak = new Threads.Peak(ownThreads(client));
            List<CompletableFuture<Rows>> calls;
            try (peak) {
                calls = Fire.concurrently(client, CALLS, () -> {
                    CompletableFuture<Rows> call = client.query(sql).toCompletableFuture();
                    if (!call.isDone()) {
                        call.whenComplete((rows, error) -> completers.add(Thread.currentThread()));
                    } else if (mode == Mode.JDBC) {
                        completers.add(Thread.currentThread());
                    }
                    return call;
                });
                Fire.settle(calls, Duration.ofSeconds(30));
            }
            long elapsedMs = Duration.ofNanos(System.nanoTime() - started).toMillis();
            assertTrue(calls.stream().allMatch(c -> !c.isCompletedExceptionally()), "every call succeeds");

            System.out.printf("THREADS %-10s %-11s %d concurrent queries: live platform threads before=%d peak=%d (+%d);"
                            + " mode's own threads peak=%d; distinct threads that completed calls=%d (virtual=%d); %d ms%n",
                    engine.scheme, mode.id(), CALLS, before, peak.all(), peak.all() - before, peak.matching(),
                    completers.size(), completers.stream().filter(Thread::isVirtual).count(), elapsedMs);

            switch (mode) {
                case JDBC -> assertTrue(completers.stream().allMatch(t -> t.getName().startsWith("jdbc-caller-")),
                        "jdbc runs on the caller's thread");
                case THREADPOOL -> {
                    assertTrue(peak.matching() <= EXECUTOR_THREADS, "at most executorThreads threads: " + peak.matching());
                    assertTrue(completers.stream().allMatch(t -> t.getName().startsWith("threadpool-" + engine.scheme + "-bench_access-")), names(completers));
                    assertTrue(peak.all() - before <= EXECUTOR_THREADS + 5, "no thread per query");
                }
                case NONBLOCKING -> {
                    assertTrue(peak.all() - before < 20, "no thread per query: +" + (peak.all() - before));
                    assertTrue(completers.stream().allMatch(t -> t.getName().startsWith("vert.x-eventloop-thread-")), names(completers));
                }
                case VIRTUAL -> {
                    assertTrue(completers.stream().allMatch(Thread::isVirtual), names(completers));
                    assertTrue(completers.stream().allMatch(t -> t.getName().startsWith("virtual-" + engine.scheme + "-bench_access-")), names(completers));
                    assertTrue(peak.all() - before < 20, "virtual threads, few carriers: +" + (peak.all() - before));
                }
                case R2DBC -> {
                    assertTrue(peak.all() - before < 20, "no thread per query: +" + (peak.all() - before));
                    assertTrue(completers.stream().allMatch(t -> t.getName().startsWith("r2dbc-")), names(completers));
                }
            }
            assertTrue(!completers.isEmpty(), "calls were observed");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lab.access.Cases#engines")
    void jdbcReturnsCompletedStages(Engine engine) {
        try (DbClient client = DbClients.create(TestDb.url(engine), Mode.JDBC, TestDb.options())) {
            CompletableFuture<Rows> done = client.query("SELECT 1 AS one").toCompletableFuture();
            assertTrue(done.isDone());
            assertEquals(1L, done.join().first().getLong("one"));
            CompletableFuture<Rows> failed = client.query("SELECT * FROM no_such_table").toCompletableFuture();
            assertTrue(failed.isCompletedExceptionally(), "a failed stage, not an exception");
        }
    }

    private static Predicate<String> ownThreads(DbClient client) {
        return switch (client.mode()) {
            case JDBC -> name -> name.startsWith("jdbc-caller-");
            case THREADPOOL -> name -> name.startsWith("threadpool-" + client.source().engine().scheme + "-bench_access-");
            case NONBLOCKING -> name -> name.startsWith("vert.x-");
            case VIRTUAL -> name -> name.startsWith("ForkJoinPool-");
            case R2DBC -> name -> name.startsWith("r2dbc-");
        };
    }

    private static String names(Set<Thread> threads) {
        return threads.stream().map(Thread::getName).sorted().limit(10).toList().toString();
    }
}
