package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A caller's {@link Deadline} bounds a run of JDBC calls made one after another (the jdbc portal
 * page): against a silent server the whole run ends soon after the deadline instead of after one
 * query timeout per call, calls made after it fail without a connection, and the connections work
 * with their normal timeouts afterwards.
 */
class DeadlineTest {

    private static final Duration QUERY = Duration.ofSeconds(4);
    private static final Duration BUDGET = Duration.ofMillis(1500);
    /** Generous: the drivers' cancel and socket margins plus a loaded machine. */
    private static final long SLACK_MS = 1_500;

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#jdbc")
    void serialCallsToASilentServerEndByTheDeadline(Engine engine, Mode mode) throws Exception {
        SourceUrl direct = TestDb.url(engine);
        ClientOptions options = TestDb.options().withPoolSize(2).withConnectTimeout(Duration.ofSeconds(2)).withQueryTimeout(QUERY);
        try (ProxiedSource proxy = new ProxiedSource(direct);
             DbClient client = DbClients.create(proxy.via(direct), mode, options)) {
            Fire.warmUp(client);
            proxy.stall(true);
            long t0 = System.nanoTime();
            List<Throwable> errors = Deadline.within(BUDGET, () -> {
                List<Throwable> seen = new ArrayList<>();
                for (int i = 0; i < 3; i++) { // one after another, as the jdbc page does
                    seen.add(Fire.failure(client.query("SELECT 1 AS one")));
                }
                return seen;
            });
            long tookMs = (System.nanoTime() - t0) / 1_000_000;
            proxy.restore();
            System.out.printf("DEADLINE %s %s: 3 serial calls to a silent server ended after %d ms (budget %d ms, query timeout %d ms): %s%n",
                    engine.scheme, mode.id(), tookMs, BUDGET.toMillis(), QUERY.toMillis(), errors.getLast().getMessage());
            errors.forEach(e -> assertInstanceOf(SourceUnavailableException.class, e));
            assertTrue(tookMs < BUDGET.toMillis() + SLACK_MS, "the run took " + tookMs + " ms");
            assertTrue(errors.getLast().getMessage().contains("deadline"), errors.getLast().getMessage());

            // afterwards: no deadline, normal timeouts, and a query longer than the old budget still succeeds
            String sleep = Cases.sleep(engine, 2.0);
            assertEquals(1, Fire.await(client.query(sleep)).size(), "a 2 s query after the deadline run");
            try (DbSession session = client.openSession()) {
                CompletionStage<Rows> first = Deadline.within(Duration.ofSeconds(3), () -> session.query("SELECT 1 AS one"));
                assertEquals(1L, Fire.await(first).first().getLong("one"));
                assertEquals(1, Fire.await(session.query(sleep)).size(), "the session's socket wait is back to normal");
            }
        }
    }
}
