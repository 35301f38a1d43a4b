package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.stream.Stream;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The non-blocking engines' one timeout policy ({@code spi.CancelBound}), behind a slow link: a
 * timed-out statement is cancelled on the server and its connection kept when the cancel is
 * answered in time, closed when it is not (a silent link); a caller that gives up waiting for a
 * connection leaves the pool's queue. Connections are told apart by the server's id for them.
 */
class TimeoutPolicyTest {

    private static final Duration QUERY = Duration.ofMillis(1000);
    private static final long LINK_RTT_MS = 40;

    @ParameterizedTest(name = "{0} {1} multiplex={2}")
    @MethodSource("nonBlocking")
    void anAnsweredCancelKeepsTheConnection(Engine engine, Mode mode, boolean multiplex) throws Exception {
        SourceUrl direct = TestDb.url(engine);
        ClientOptions options = TestDb.options().withPoolSize(1).withQueryTimeout(QUERY).withMultiplex(multiplex);
        try (ProxiedSource proxy = new ProxiedSource(direct);
             DbClient client = DbClients.create(proxy.via(direct), mode, options)) {
            Fire.warmUp(client);
            proxy.latency(LINK_RTT_MS);
            long before = serverId(engine, client);
            for (int i = 0; i < 2; i++) { // the second cancel reuses what the first opened (MySQL: the KILL connection)
                assertInstanceOf(SourceUnavailableException.class, Fire.failure(client.query(Cases.sleep(engine, 30))));
            }
            assertEquals(before, serverId(engine, client), "the connection whose statement was cancelled is lent again");
        }
    }

    @ParameterizedTest(name = "{0} {1} multiplex={2}")
    @MethodSource("nonBlocking")
    void anUnansweredCancelClosesTheConnection(Engine engine, Mode mode, boolean multiplex) throws Exception {
        SourceUrl direct = TestDb.url(engine);
        ClientOptions options = TestDb.options().withPoolSize(1).withQueryTimeout(QUERY).withMultiplex(multiplex);
        MeterRegistry registry = new SimpleMeterRegistry();
        try (ProxiedSource proxy = new ProxiedSource(direct);
             DbClient client = DbClients.create(proxy.via(direct), mode, options, registry)) {
            Fire.warmUp(client);
            long before = serverId(engine, client);
            proxy.stall(true);
            assertInstanceOf(SourceUnavailableException.class, Fire.failure(client.query("SELECT 1 AS one")));
            awaitNoCallInFlight(registry); // the call ends when its connection is closed, at the cancel's bound
            proxy.stall(false);
            assertNotEquals(before, serverIdSoon(engine, client), "a connection that never answered is not lent again");
        }
    }

    /** The pool's one connection held by a session: a call that gives up waiting for it does not keep a place in the queue. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("lab.access.Cases#engines")
    void aCallerThatGivesUpLeavesTheQueue(Engine engine) throws Exception {
        MeterRegistry registry = new SimpleMeterRegistry();
        ClientOptions options = TestDb.options().withPoolSize(1).withQueryTimeout(Duration.ofMillis(300));
        try (DbClient client = DbClients.create(TestDb.url(engine), Mode.R2DBC, options, registry)) {
            DbSession holder = client.openSession();
            Fire.await(holder.query("SELECT 1 AS one"));
            assertInstanceOf(SourceUnavailableException.class, Fire.failure(client.query("SELECT 1 AS one")));
            assertEquals(0.0, pendingSoon(registry), "the waiter left r2dbc-pool's queue when its caller gave up");
            holder.close();
            assertEquals(1L, Fire.await(client.query("SELECT 1 AS one")).first().getLong("one"));
        }
    }

    /** Each engine's r2dbc, and nonblocking with multiplexing (shared lanes) and without (a connection borrowed per call). */
    static Stream<Arguments> nonBlocking() {
        return Cases.engines().flatMap(e -> Stream.of(Arguments.of(e.get()[0], Mode.R2DBC, true),
                Arguments.of(e.get()[0], Mode.NONBLOCKING, true), Arguments.of(e.get()[0], Mode.NONBLOCKING, false)));
    }

    private static void awaitNoCallInFlight(MeterRegistry registry) throws InterruptedException {
        long until = System.nanoTime() + 10_000_000_000L;
        while (registry.get("access.calls.inflight").gauge().value() > 0) {
            assertTrue(System.nanoTime() < until, "the unanswered call never ended");
            Thread.sleep(20);
        }
    }

    /** r2dbc-pool's waiters, once they are 0 or after 500 ms (without the give-up, one would stay for connectTimeout, 2 s). */
    private static double pendingSoon(MeterRegistry registry) throws InterruptedException {
        long until = System.nanoTime() + 500_000_000L;
        double pending = registry.get("r2dbc.pool.pending").gauge().value();
        while (pending > 0 && System.nanoTime() < until) {
            Thread.sleep(20);
            pending = registry.get("r2dbc.pool.pending").gauge().value();
        }
        return pending;
    }

    private static long serverId(Engine engine, DbClient client) {
        String sql = engine == Engine.MYSQL ? "SELECT CONNECTION_ID() AS id" : "SELECT pg_backend_pid() AS id";
        return Fire.await(client.query(sql)).first().getLong("id");
    }

    /** The id, once the client has a working connection again (the first call after a silence may still meet the closed one). */
    private static long serverIdSoon(Engine engine, DbClient client) throws InterruptedException {
        for (int attempt = 0; ; attempt++) {
            try {
                return serverId(engine, client);
            } catch (RuntimeException e) {
                assertTrue(attempt < 10, "no working connection again: " + e);
                Thread.sleep(200);
            }
        }
    }
}
