package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A deadline passed with {@link DbClient#withDeadline} is honoured the same way in every mode: a
 * call still running at it fails with {@link SourceUnavailableException} soon after it, a call made
 * after it fails the same way without a connection, and sessions opened from the view carry it. It
 * bounds a run of calls made one after another (the jdbc portal page): against a silent server the
 * whole run ends soon after the deadline instead of after one query timeout per call.
 */
class DeadlineTest {

    private static final Duration QUERY = Duration.ofSeconds(4);
    private static final Duration BUDGET = Duration.ofMillis(1500);
    /** Generous: the drivers' cancel and socket margins plus a loaded machine; the query itself would take 4 s more. */
    private static final long SLACK_MS = 1_500;
    /** HikariCP's default {@code com.zaxxer.hikari.aliveBypassWindowMs}. */
    private static final long HIKARI_ALIVE_BYPASS_MS = 500;

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void aCallPastItsDeadlineFailsAsUnavailable(Engine engine, Mode mode) throws Exception {
        ClientOptions options = TestDb.options().withPoolSize(2).withQueryTimeout(Duration.ofSeconds(8));
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, options)) {
            Fire.warmUp(client);
            String slow = Cases.sleep(engine, 5.5);

            long t0 = System.nanoTime();
            Throwable running = Fire.failure(client.withDeadline(Deadline.in(BUDGET)).query(slow));
            long tookMs = (System.nanoTime() - t0) / 1_000_000;
            System.out.printf("DEADLINE %s %s: a 5.5 s query with a %d ms deadline failed after %d ms: %s%n",
                    engine.scheme, mode.id(), BUDGET.toMillis(), tookMs, running.getMessage());
            assertInstanceOf(SourceUnavailableException.class, running);
            assertTrue(tookMs < BUDGET.toMillis() + SLACK_MS, "failed only after " + tookMs + " ms");

            DbClient late = client.withDeadline(Deadline.in(Duration.ZERO));
            assertInstanceOf(SourceUnavailableException.class, Fire.failure(late.query("SELECT 1 AS one")), "a call after the deadline");
            try (DbSession session = client.withDeadline(Deadline.in(BUDGET)).openSession()) {
                assertEquals(1L, Fire.await(session.query("SELECT 1 AS one")).first().getLong("one"));
                assertInstanceOf(SourceUnavailableException.class, Fire.failure(session.query(slow)), "a session's call");
            }
            assertEquals(1L, Fire.await(client.query("SELECT 1 AS one")).first().getLong("one"), "the client without a deadline");
        }
    }

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
            DbClient page = client.withDeadline(Deadline.in(BUDGET));
            List<Throwable> errors = new ArrayList<>();
            for (int i = 0; i < 3; i++) { // one after another, as the jdbc page does
                errors.add(Fire.failure(page.query("SELECT 1 AS one")));
            }
            long tookMs = (System.nanoTime() - t0) / 1_000_000;
            proxy.restore();
            System.out.printf("DEADLINE %s %s: 3 serial calls to a silent server ended after %d ms (budget %d ms, query timeout %d ms): %s%n",
                    engine.scheme, mode.id(), tookMs, BUDGET.toMillis(), QUERY.toMillis(), errors.getLast().getMessage());
            errors.forEach(e -> assertInstanceOf(SourceUnavailableException.class, e));
            assertTrue(tookMs < BUDGET.toMillis() + SLACK_MS, "the run took " + tookMs + " ms");
            assertTrue(errors.getLast().getMessage().contains("deadline"), errors.getLast().getMessage());

            // afterwards: no deadline, normal timeouts, and a query longer than the old budget still succeeds.
            // Clearing the silence closed the connections that crossed it (as TCP would reset them); HikariCP
            // checks a connection idle for more than its alive-bypass window (500 ms) before lending it, so
            // after this wait the pool replaces them instead of lending one that is closed (CI: EOF on PostgreSQL)
            Thread.sleep(HIKARI_ALIVE_BYPASS_MS + 300);
            String sleep = Cases.sleep(engine, 2.0);
            assertEquals(1, Fire.await(client.query(sleep)).size(), "a 2 s query after the deadline run");
            try (DbSession session = client.withDeadline(Deadline.in(Duration.ofSeconds(3))).openSession()) {
                assertEquals(1L, Fire.await(session.query("SELECT 1 AS one")).first().getLong("one"));
            }
            try (DbSession session = client.openSession()) {
                assertEquals(1, Fire.await(session.query(sleep)).size(), "the session's socket wait is back to normal");
            }
        }
    }
}
