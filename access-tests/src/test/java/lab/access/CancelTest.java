package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A call that times out is really cancelled: the server stops running it and the connection is
 * free again, in every mode; failing calls leak nothing.
 */
class CancelTest {

    private static final Duration QUERY = Duration.ofMillis(1000);
    private static final long MARGIN_MS = 1500;

    /** {@code SLEEP(30)} with a 1 s timeout: the caller gets its error and the server's process list soon has no such query. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void timedOutQueryIsGoneFromTheServer(Engine engine, Mode mode) throws Exception {
        ClientOptions options = TestDb.options().withPoolSize(1).withQueryTimeout(QUERY);
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, options)) {
            Fire.warmUp(client);
            String probe = "cancel_probe_" + mode.id();
            String sleep = engine == Engine.MYSQL ? "SELECT SLEEP(30) AS " + probe : "SELECT pg_sleep(30)::text AS " + probe;

            long t0 = System.nanoTime();
            CompletableFuture<Rows> call = Fire.concurrently(client, 1, () -> client.query(sleep)).getFirst();
            Throwable e = Fire.failure(call);
            long failedMs = millisSince(t0);
            long goneMs = awaitGone(engine, probe, Duration.ofSeconds(5));
            System.out.printf("CANCEL %s %s: caller failed after %d ms, query gone from the server after %d ms: %s%n",
                    engine.scheme, mode.id(), failedMs, goneMs < 0 ? -1 : millisSince(t0), e.getMessage());

            assertInstanceOf(DbException.class, e);
            assertTrue(failedMs < QUERY.toMillis() + MARGIN_MS, "the caller waited " + failedMs + " ms");
            assertTrue(goneMs >= 0, "the server still runs the query the caller gave up on");
            assertEquals(1L, Fire.await(client.query("SELECT 1 AS one")).first().getLong("one"), "the one connection is free again");
        }
    }

    /**
     * A call that times out behind a link too slow to open a connection within {@code connectTimeout}
     * leaves no connection behind: the cancel's own connection (MySQL's {@code KILL QUERY}, opened for
     * it) that comes after its limit is closed when it comes. r2dbc left one open on the server per
     * cancel: the portal's sessions grew from 80 to 99 in fault (d), 2 s of added latency.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void aCancelBehindASlowLinkLeavesNoConnection(Engine engine, Mode mode) throws Exception {
        SourceUrl direct = TestDb.url(engine);
        ClientOptions options = TestDb.options().withPoolSize(1).withConnectTimeout(Duration.ofMillis(1000)).withQueryTimeout(QUERY);
        try (ProxiedSource proxy = new ProxiedSource(direct);
             DbClient client = DbClients.create(proxy.via(direct), mode, options)) {
            Fire.warmUp(client);
            proxy.latency(800); // opening a connection takes two round trips or more: past connectTimeout
            String sleep = engine == Engine.MYSQL ? "SELECT SLEEP(30) AS slow" : "SELECT pg_sleep(30)::text AS slow";
            Fire.failure(Fire.concurrently(client, 1, () -> client.query(sleep)).getFirst());
            Thread.sleep(4_000); // what was opened late has come by now
            proxy.latency(0);
            long open = TestDb.awaitServerConnectionsAtMost(engine, options.poolSize(), Duration.ofSeconds(10));
            System.out.printf("SLOW CANCEL %s %s: %d server connections after the cancel, pool of %d%n", engine.scheme, mode.id(),
                    open, options.poolSize());
            assertTrue(open <= options.poolSize(), open + " connections on the server for a pool of " + options.poolSize());
        }
    }

    /**
     * A server that stops answering: the call fails within its timeout, and the connection it
     * held is given up soon after (no call left in flight) while the server is still silent.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void silentServerCallEndsAndFreesItsConnection(Engine engine, Mode mode) throws Exception {
        SourceUrl direct = TestDb.url(engine);
        MeterRegistry registry = new SimpleMeterRegistry();
        ClientOptions options = TestDb.options().withPoolSize(2).withConnectTimeout(Duration.ofMillis(500)).withQueryTimeout(QUERY);
        try (ProxiedSource proxy = new ProxiedSource(direct);
             DbClient client = DbClients.create(proxy.via(direct), mode, options, registry)) {
            Fire.warmUp(client);
            proxy.stall(true);

            long t0 = System.nanoTime();
            Throwable e = Fire.failure(Fire.concurrently(client, 1, () -> client.query("SELECT 1 AS one")).getFirst());
            long failedMs = millisSince(t0);
            assertInstanceOf(SourceUnavailableException.class, e);
            assertTrue(failedMs < QUERY.toMillis() + MARGIN_MS, "gave up after " + failedMs + " ms");

            long deadline = t0 + Duration.ofMillis(QUERY.toMillis() + options.connectTimeout().toMillis() + 2 * MARGIN_MS).toNanos();
            while (inFlight(registry) > 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            System.out.printf("SILENT %s %s: caller failed after %d ms, connection given up after %d ms%n",
                    engine.scheme, mode.id(), failedMs, millisSince(t0));
            assertEquals(0.0, inFlight(registry), "the call still holds its connection");
            proxy.restore();
        }
    }

    /** 1,000 failing calls (pool calls, sessions, transactions) leave no connection checked out or open beyond the pool. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void thousandFailingCallsLeakNothing(Engine engine, Mode mode) throws Exception {
        MeterRegistry registry = new SimpleMeterRegistry();
        ClientOptions options = TestDb.options().withPoolSize(4).withQueueBound(100);
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, options, registry)) {
            Fire.warmUp(client);
            for (int batch = 0; batch < 20; batch++) {
                List<CompletableFuture<Object>> calls = Fire.concurrently(client, 50, () -> failing(client));
                Fire.settle(calls, Duration.ofSeconds(20)).forEach(o -> assertTrue(!o.isOk(), "the call was meant to fail"));
            }
            assertEquals(0.0, inFlight(registry), "calls in flight after the failures");
            assertTrue(TestDb.serverConnections(engine) <= options.poolSize() + 1, "connections beyond the pool (+1 for cancels)");
            List<DbSession> sessions = new ArrayList<>();
            List<CompletionStage<Rows>> each = new ArrayList<>();
            for (int i = 0; i < options.poolSize(); i++) {
                DbSession s = client.openSession();
                sessions.add(s);
                each.add(s.query("SELECT 1 AS one"));
            }
            assertEquals(options.poolSize(), Fire.await(ForkJoin.all(each)).size(), "every connection can be had");
            sessions.forEach(DbSession::close);
        }
    }

    /**
     * A connection idle for longer than the read-idle timeout is closed by the client; the next
     * calls (on the client and in a session) get a fresh one instead of failing on the closed one.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void idleConnectionClosedByTheClientIsReplacedWithoutAnError(Engine engine, Mode mode) throws Exception {
        ClientOptions options = TestDb.options().withPoolSize(2).withConnectTimeout(Duration.ofMillis(300)).withQueryTimeout(Duration.ofMillis(500));
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, options)) {
            Fire.warmUp(client);
            Thread.sleep(options.queryTimeout().plus(options.connectTimeout()).toMillis() + 700);
            assertEquals(1L, Fire.await(client.query("SELECT 1 AS one")).first().getLong("one"));
            try (DbSession session = client.openSession()) {
                assertEquals(2L, Fire.await(session.query("SELECT 2 AS two")).first().getLong("two"));
            }
        }
    }

    /**
     * {@code close()} racing a session's first call from another thread never leaves a connection
     * checked out: afterwards every connection of the pool can still be had.
     */
    @ParameterizedTest(name = "{0} {1} multiplex={2}")
    @MethodSource("racing")
    void closeRacingTheFirstCallLeavesNoConnectionCheckedOut(Engine engine, Mode mode, boolean multiplex) throws Exception {
        ClientOptions options = TestDb.options().withPoolSize(2).withQueueBound(50).withMultiplex(multiplex);
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, options)) {
            Fire.warmUp(client);
            for (int i = 0; i < 200; i++) {
                DbSession session = client.openSession();
                CompletableFuture<Void> closing = CompletableFuture.runAsync(session::close);
                CompletionStage<Void> begun = session.begin(); // takes the session's own connection, or finds it closed
                Fire.settle(List.of(closing, begun.toCompletableFuture()), Duration.ofSeconds(10));
            }
            // the closes queued their release without waiting for it: give them a moment, then every connection must be free
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (true) {
                try {
                    assertEquals(options.poolSize(), everyConnection(client, options.poolSize()), "every connection can be had");
                    break;
                } catch (OverloadedException busy) {
                    assertTrue(System.nanoTime() < deadline, "still busy after the closes: " + busy.getMessage());
                    Thread.sleep(50);
                }
            }
        }
    }

    /** {@code n} sessions at once, each in a transaction with a query: how many got through. */
    private static int everyConnection(DbClient client, int n) {
        List<DbSession> sessions = new ArrayList<>();
        List<CompletionStage<Rows>> each = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            DbSession s = client.openSession();
            sessions.add(s);
            each.add(s.begin().thenCompose(ignored -> s.query("SELECT 1 AS one")));
        }
        try {
            return Fire.await(ForkJoin.all(each)).size();
        } finally {
            sessions.forEach(DbSession::close);
        }
    }

    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> racing() {
        return Cases.async().flatMap(a -> java.util.stream.Stream.of(true, false)
                .filter(m -> m || a.get()[1] == Mode.NONBLOCKING)
                .map(m -> org.junit.jupiter.params.provider.Arguments.of(a.get()[0], a.get()[1], m)));
    }

    private static int failures;

    /** Rotates through the ways a call fails: a bad pool call, a bad session call, a transaction whose statement fails. */
    private static CompletionStage<Object> failing(DbClient client) {
        switch (failures++ % 3) {
            case 0 -> {
                return client.query("SELECT * FROM no_such_table").thenApply(r -> r);
            }
            case 1 -> {
                DbSession session = client.openSession();
                CompletionStage<Object> call = session.query("SELECT * FROM no_such_table").thenApply(r -> r);
                session.close();
                return call;
            }
            default -> {
                return client.inTransaction(tx -> tx.update("INSERT INTO no_such_table VALUES (1)")).thenApply(n -> n);
            }
        }
    }

    private static double inFlight(MeterRegistry registry) {
        return registry.get("access.calls.inflight").gauge().value();
    }

    /** Waits until no server process runs a query naming {@code probe}; the time waited in ms, or -1. */
    private static long awaitGone(Engine engine, String probe, Duration within) throws Exception {
        String sql = engine == Engine.MYSQL
                ? "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE ? AND INFO NOT LIKE '%PROCESSLIST%'"
                : "SELECT COUNT(*) FROM pg_stat_activity WHERE query LIKE ? AND state = 'active' AND query NOT LIKE '%pg_stat_activity%'";
        long t0 = System.nanoTime();
        try (Connection c = TestDb.direct(engine); var st = c.prepareStatement(sql)) {
            st.setString(1, "%" + probe + "%");
            while (System.nanoTime() - t0 < within.toNanos()) {
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    if (rs.getLong(1) == 0) {
                        return millisSince(t0);
                    }
                }
                Thread.sleep(50);
            }
        }
        return -1;
    }

    private static long millisSince(long t0) {
        return Duration.ofNanos(System.nanoTime() - t0).toMillis();
    }
}
