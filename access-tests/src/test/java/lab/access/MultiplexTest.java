package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Multiplexed {@code nonblocking} sessions over a far-away server: 50 sessions of 3 queries each
 * on a 4-connection source. With multiplexing their queries share the 4 pipelined connections and
 * all finish within a few round trips; without, each session holds a connection for its round
 * trip, so the sessions go through in 50 / 4 waves. Prints both times.
 */
class MultiplexTest {

    private static final long RTT_MS = 40;
    private static final int SESSIONS = 50;
    private static final int QUERIES = 3;
    private static final int CONNECTIONS = 4;

    @ParameterizedTest(name = "{0}")
    @MethodSource("lab.access.Cases#engines")
    void sessionsShareConnectionsInsteadOfQueueingForThem(Engine engine) throws Exception {
        long on = fiftySessions(engine, true);
        long off = fiftySessions(engine, false);
        System.out.printf("MULTIPLEX %s: %d sessions x %d queries on %d connections at %d ms RTT: multiplex on %d ms (%.1f RTT), off %d ms (%.1f RTT)%n",
                engine.scheme, SESSIONS, QUERIES, CONNECTIONS, RTT_MS, on, (double) on / RTT_MS, off, (double) off / RTT_MS);
        long waves = (SESSIONS + CONNECTIONS - 1) / CONNECTIONS;
        assertTrue(off >= (waves - 1) * RTT_MS, "off: one session per connection per round trip, " + waves + " waves: " + off + " ms");
        assertTrue(on * 3 < off, "on: the sessions share the connections (" + on + " ms vs " + off + " ms off)");
    }

    /** Milliseconds until every query of every session has its answer. */
    private static long fiftySessions(Engine engine, boolean multiplex) throws Exception {
        SourceUrl direct = TestDb.url(engine);
        ClientOptions options = TestDb.options().withPoolSize(CONNECTIONS).withMultiplex(multiplex)
                .withConnectTimeout(Duration.ofSeconds(5)).withQueryTimeout(Duration.ofSeconds(10));
        try (ProxiedSource proxy = new ProxiedSource(direct);
             DbClient client = DbClients.create(proxy.via(direct), Mode.NONBLOCKING, options)) {
            run(client); // opens the connections and prepares the statement on each
            proxy.latency(RTT_MS);
            long t0 = System.nanoTime();
            run(client);
            long ms = Duration.ofNanos(System.nanoTime() - t0).toMillis();
            assertTrue(TestDb.serverConnections(engine) <= CONNECTIONS, "never more than the pool's connections");
            return ms;
        }
    }

    private static void run(DbClient client) {
        List<CompletionStage<Rows>> all = new ArrayList<>();
        for (int s = 0; s < SESSIONS; s++) {
            DbSession session = client.openSession();
            List<CompletionStage<Rows>> own = new ArrayList<>();
            for (int q = 0; q < QUERIES; q++) {
                own.add(session.query("SELECT ? + 0 AS n", s * QUERIES + q));
            }
            ForkJoin.settled(own).whenComplete((outcomes, e) -> session.close()); // as a page does when its panels are in
            all.addAll(own);
        }
        List<Rows> rows = Fire.await(ForkJoin.all(all));
        for (int i = 0; i < rows.size(); i++) {
            assertEquals((long) i, rows.get(i).first().getLong("n"));
        }
    }
}
