package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import lab.access.ClientOptions.HandOff;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Sessions: calls run in order on one connection; the thread pool hands a session's next call
 * off fairly or unfairly (thesis 4.2); the non-blocking client pipelines a session's calls.
 * The server's auto-increment ids record the order in which the calls really ran.
 */
class SessionTest {

    private static final long LATENCY_MS = 40;

    @BeforeAll
    static void createTable() throws Exception {
        for (Engine engine : Engine.values()) {
            String id = engine == Engine.MYSQL ? "BIGINT AUTO_INCREMENT PRIMARY KEY" : "BIGSERIAL PRIMARY KEY";
            TestDb.execute(engine, "DROP TABLE IF EXISTS access_seq", "CREATE TABLE access_seq (id " + id + ", tag VARCHAR(10) NOT NULL)");
        }
    }

    @BeforeEach
    void empty() throws Exception {
        for (Engine engine : Engine.values()) {
            TestDb.execute(engine, "DELETE FROM access_seq");
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void callsFiredWithoutWaitingRunInOrder(Engine engine, Mode mode) {
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, TestDb.options().withPipeliningLimit(16));
             DbSession session = client.openSession()) {
            List<CompletionStage<Long>> inserts = IntStream.range(0, 10)
                    .mapToObj(i -> session.update("INSERT INTO access_seq (tag) VALUES (?)", "s" + i)).toList();
            Fire.await(ForkJoin.all(inserts));
            assertEquals(IntStream.range(0, 10).mapToObj(i -> "s" + i).toList(), tags(session));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lab.access.Cases#engines")
    void fairHandOffInterleavesSessions(Engine engine) {
        assertEquals(List.of("a1", "b1", "a2", "b2", "a3", "b3"), handOffOrder(engine, HandOff.FAIR));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lab.access.Cases#engines")
    void unfairHandOffFinishesASessionFirst(Engine engine) {
        assertEquals(List.of("a1", "a2", "a3", "b1", "b2", "b3"), handOffOrder(engine, HandOff.UNFAIR));
    }

    /** The fair pool's threads say so: a page's panels (and a thread dump) tell the hand-off that served them. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("lab.access.Cases#engines")
    void theFairPoolNamesItsThreadsSo(Engine engine) {
        String prefix = Mode.THREADPOOL_FAIR + "-" + engine.scheme + "-";
        try (DbClient client = DbClients.create(TestDb.url(engine), Mode.THREADPOOL, TestDb.options().withHandOff(HandOff.FAIR))) {
            Fire.await(client.query(Cases.sleep(engine, 0.01)));
            assertTrue(Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().startsWith(prefix)),
                    "no thread named " + prefix + "…");
        }
    }

    /**
     * One executor thread, kept busy while sessions a and b each queue three calls: FAIR sends a
     * session to the back of the queue after each call, UNFAIR lets the thread carry on with it.
     */
    private static List<String> handOffOrder(Engine engine, HandOff handOff) {
        ClientOptions options = TestDb.options().withExecutorThreads(1).withPoolSize(3).withHandOff(handOff);
        try (DbClient client = DbClients.create(TestDb.url(engine), Mode.THREADPOOL, options);
             DbSession a = client.openSession(); DbSession b = client.openSession()) {
            CompletionStage<Rows> busy = client.query(Cases.sleep(engine, 0.3));
            List<CompletionStage<Long>> calls = new ArrayList<>();
            for (DbSession session : List.of(a, b)) {
                String name = session == a ? "a" : "b";
                for (int i = 1; i <= 3; i++) {
                    calls.add(session.update("INSERT INTO access_seq (tag) VALUES (?)", name + i));
                }
            }
            Fire.await(busy);
            Fire.await(ForkJoin.all(calls));
            return tags(a);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lab.access.Cases#engines")
    void nonBlockingSessionsPipeline(Engine engine) throws Exception {
        List<Long> off = tenQueriesOverSlowNetwork(engine, 1);
        List<Long> on = tenQueriesOverSlowNetwork(engine, 16);
        System.out.printf("PIPELINING %s: 10 session queries at %d ms reply latency, answers at (ms): pipeliningLimit=1 %s; pipeliningLimit=16 %s%n",
                engine.scheme, LATENCY_MS, off, on);
        for (int i = 1; i < off.size(); i++) {
            assertTrue(off.get(i) - off.get(i - 1) >= LATENCY_MS - 5, "without pipelining each query waits its own round trip: " + off);
        }
        assertTrue(on.getLast() - on.getFirst() < LATENCY_MS, "with pipelining all answers come within one round trip: " + on);
    }

    /** When each of ten queries fired at once on one session completed (ms, ascending), with a delay added to every reply. */
    private static List<Long> tenQueriesOverSlowNetwork(Engine engine, int pipeliningLimit) throws Exception {
        SourceUrl direct = TestDb.url(engine);
        try (ProxiedSource proxy = new ProxiedSource(direct.host(), direct.port());
             DbClient client = DbClients.create(proxy.via(direct), Mode.NONBLOCKING, TestDb.options().withPipeliningLimit(pipeliningLimit));
             DbSession session = client.openSession()) {
            String sql = "SELECT id, tag FROM access_seq WHERE id > ? ORDER BY id";
            Fire.await(session.query(sql, 0)); // connects and prepares the statement
            proxy.latency(LATENCY_MS);
            long t0 = System.nanoTime();
            List<Long> answers = new CopyOnWriteArrayList<>();
            List<CompletionStage<Rows>> queries = IntStream.range(0, 10).mapToObj(i -> session.query(sql, i)
                    .whenComplete((rows, e) -> answers.add(Duration.ofNanos(System.nanoTime() - t0).toMillis()))).toList();
            Fire.await(ForkJoin.all(queries));
            return answers.stream().sorted().toList();
        }
    }

    private static List<String> tags(SqlOps ops) {
        return Fire.await(ops.query("SELECT tag FROM access_seq ORDER BY id")).list().stream().map(r -> r.getString("tag")).toList();
    }
}
