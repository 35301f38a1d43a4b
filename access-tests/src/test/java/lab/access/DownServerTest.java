package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Database down or unreachable: calls fail within the timeout with an error naming the source,
 * and the client recovers by itself when the server is back.
 */
class DownServerTest {

    private static final Duration CONNECT = Duration.ofMillis(500);
    private static final Duration QUERY = Duration.ofMillis(1000);
    private static final long MARGIN_MS = 1500;

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void closedPortFailsWithinConnectTimeoutNamingTheSource(Engine engine, Mode mode) throws Exception {
        SourceUrl nowhere = onPort(TestDb.url(engine), closedPort());
        try (DbClient client = DbClients.create(nowhere, mode, options())) {
            long t0 = System.nanoTime();
            Throwable e = Fire.failure(client.query("SELECT 1"));
            long ms = Duration.ofNanos(System.nanoTime() - t0).toMillis();

            System.out.printf("DOWN %s %s after %d ms: %s%n", engine.scheme, mode.id(), ms, e.getMessage());
            assertEquals(nowhere.address(), unavailable(client, e).source());
            assertTrue(ms < CONNECT.toMillis() + MARGIN_MS, "failed after " + ms + " ms");
        }
    }

    /**
     * A source found down (its pool empty, the last borrow failed for want of a connection) fails the
     * next call at once instead of making it wait the connect timeout again: the shop's jdbc mode
     * borrows on its event loop, where each such wait held every request read after it.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#jdbc")
    void refusingServerFailsTheCallsAfterTheFirstAtOnce(Engine engine, Mode mode) throws Exception {
        Duration connect = Duration.ofSeconds(3);
        SourceUrl nowhere = onPort(TestDb.url(engine), closedPort());
        try (DbClient client = DbClients.create(nowhere, mode, options().withConnectTimeout(connect))) {
            unavailable(client, Fire.failure(client.query("SELECT 1")));
            long t0 = System.nanoTime();
            Throwable e = Fire.failure(client.query("SELECT 1"));
            long ms = Duration.ofNanos(System.nanoTime() - t0).toMillis();
            unavailable(client, e);
            assertTrue(ms < connect.toMillis() / 2, "the second call failed after " + ms + " ms: " + e.getMessage());
        }
    }

    /**
     * Callers in line for a source that is down wait its connect timeout, not their whole deadline:
     * a line full of callers is not a busy pool when connections are missing. With the line counted
     * as busy, 8 callers with 20 s deadlines on a pool of 2 waited out their deadlines.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#jdbc")
    void callersInLineForARefusingServerWaitItsConnectTimeoutNotTheirDeadline(Engine engine, Mode mode) throws Exception {
        Duration connect = Duration.ofSeconds(1);
        Duration deadline = Duration.ofSeconds(20);
        SourceUrl nowhere = onPort(TestDb.url(engine), closedPort());
        try (DbClient client = DbClients.create(nowhere, mode, options().withConnectTimeout(connect).withPoolSize(2))) {
            DbClient withDeadline = client.withDeadline(Deadline.in(deadline));
            long t0 = System.nanoTime();
            List<CompletableFuture<Rows>> calls = Fire.concurrently(withDeadline, 8, () -> withDeadline.query("SELECT 1"));
            List<ForkJoin.Outcome<Rows>> outcomes = Fire.settle(calls, deadline.plusSeconds(5));
            long ms = Duration.ofNanos(System.nanoTime() - t0).toMillis();
            outcomes.forEach(o -> unavailable(client, o.error()));
            assertTrue(ms < 3 * connect.toMillis() + MARGIN_MS, "8 callers settled after " + ms + " ms");
        }
    }

    /**
     * Callers who got into line while the pool was busy, and whose server then went away, wait for
     * their connection the connect timeout at most, not what their deadline left: the shop's requests
     * in fault (a) waited 5 s for a turn and then up to 5 s more for a connection (9.3–9.7 s).
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#jdbc")
    void callersInLineWhenTheServerGoesAwayWaitTheConnectTimeoutForTheirConnection(Engine engine, Mode mode) throws Exception {
        Duration connect = Duration.ofSeconds(1);
        Duration deadline = Duration.ofSeconds(20);
        SourceUrl direct = TestDb.url(engine);
        try (ProxiedSource proxy = new ProxiedSource(direct);
             DbClient client = DbClients.create(proxy.via(direct), mode, options().withConnectTimeout(connect).withPoolSize(2))) {
            Fire.warmUp(client);
            DbClient withDeadline = client.withDeadline(Deadline.in(deadline));
            List<CompletableFuture<Rows>> calls = Fire.concurrently(withDeadline, 8, () -> withDeadline.query(Cases.sleep(engine, 0.5)));
            Thread.sleep(200); // two calls sleeping on the server, six in line for a busy pool
            long cutAt = System.nanoTime();
            proxy.cut();
            List<ForkJoin.Outcome<Rows>> outcomes = Fire.settle(calls, deadline.plusSeconds(5));
            long ms = Duration.ofNanos(System.nanoTime() - cutAt).toMillis();
            outcomes.stream().filter(o -> !o.isOk()).forEach(o -> unavailable(client, o.error()));
            assertTrue(ms < 3 * connect.toMillis() + MARGIN_MS, "8 callers settled " + ms + " ms after the cut");
        }
    }

    /**
     * A server that goes away under a pool with open connections is known from the pool's failed
     * attempts to replace them, not from a caller's whole wait: the next call fails within a fraction
     * of the connect timeout (the shop's jdbc mode held its event loop for the whole 5 s at the stop).
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#jdbc")
    void aServerThatGoesAwayIsKnownFromTheFailedOpensNotFromACallersWholeWait(Engine engine, Mode mode) throws Exception {
        Duration connect = Duration.ofSeconds(3);
        SourceUrl direct = TestDb.url(engine);
        try (ProxiedSource proxy = new ProxiedSource(direct);
             DbClient client = DbClients.create(proxy.via(direct), mode, options().withConnectTimeout(connect).withPoolSize(2))) {
            Fire.warmUp(client);
            Thread.sleep(600); // idle past Hikari's 500 ms: it checks a connection before lending it
            proxy.cut();
            long t0 = System.nanoTime();
            Throwable e = Fire.failure(client.withDeadline(Deadline.in(Duration.ofSeconds(20))).query("SELECT 1"));
            long ms = Duration.ofNanos(System.nanoTime() - t0).toMillis();
            unavailable(client, e);
            assertTrue(ms < connect.toMillis() / 3, "the call failed after " + ms + " ms: " + e.getMessage());
        }
    }

    /** A server that accepts TCP but never finishes the handshake: each call, not just the first, fails within the connect timeout. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void hangingHandshakeFailsEveryCallWithinConnectTimeoutThenRecovers(Engine engine, Mode mode) throws Exception {
        againstHangingServer(engine, mode, options().withPoolSize(1).withQueueBound(0), client -> {
            for (int i = 0; i < 3; i++) {
                long t0 = System.nanoTime();
                Throwable e = Fire.failure(client.query("SELECT 1"));
                long ms = Duration.ofNanos(System.nanoTime() - t0).toMillis();
                unavailable(client, e);
                assertTrue(ms < CONNECT.toMillis() + MARGIN_MS, "call " + i + " failed after " + ms + " ms");
            }
        });
    }

    /**
     * A session that cannot get its connection fails the calls queued behind the first one at once,
     * with the same error, instead of making each of them wait the connect timeout again.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#async")
    void sessionWithoutConnectionFailsItsQueuedCallsTogetherThenANewSessionRecovers(Engine engine, Mode mode) throws Exception {
        againstHangingServer(engine, mode, options(), client -> {
            DbSession session = client.openSession();
            List<CompletionStage<Rows>> calls = List.of(session.query("SELECT 1"), session.query("SELECT 2"),
                    session.query("SELECT 3"), session.query("SELECT 4"));
            List<String> errors = calls.stream().map(c -> unavailable(client, Fire.failure(c)).getMessage()).toList();
            session.close();
            assertTrue(errors.stream().allMatch(errors.getFirst()::equals), "one failure for the whole queue: " + errors);
            assertTrue(!errors.getFirst().contains("no answer within"), errors.getFirst());
        });
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void cutInTheMiddleOfLoadThenRecovers(Engine engine, Mode mode) throws Exception {
        SourceUrl direct = TestDb.url(engine);
        try (ProxiedSource proxy = new ProxiedSource(direct);
             DbClient client = DbClients.create(proxy.via(direct), mode, options())) {
            Fire.warmUp(client);
            DbSession pinned = client.openSession();
            Fire.await(pinned.query("SELECT 1 AS one"));

            List<CompletableFuture<Rows>> load = Fire.concurrently(client, 12, () -> client.query(Cases.sleep(engine, 0.3)));
            Thread.sleep(100);
            long cutAt = System.nanoTime();
            proxy.cut();
            List<ForkJoin.Outcome<Rows>> outcomes = Fire.settle(load, Duration.ofSeconds(10));
            long settledMs = Duration.ofNanos(System.nanoTime() - cutAt).toMillis();

            assertTrue(settledMs < QUERY.toMillis() + MARGIN_MS, "every call ended within the timeout: " + settledMs + " ms");
            List<Throwable> errors = outcomes.stream().filter(o -> !o.isOk()).map(ForkJoin.Outcome::error).toList();
            assertTrue(!errors.isEmpty(), "the cut was noticed");
            System.out.printf("CUT %s %s: %d of %d calls failed, settled %d ms after the cut: %s%n", engine.scheme, mode.id(),
                    errors.size(), outcomes.size(), settledMs, errors.getFirst().getMessage());
            errors.forEach(e -> unavailable(client, e));
            unavailable(client, Fire.failure(client.query("SELECT 1")));
            unavailable(client, Fire.failure(pinned.query("SELECT 1"))); // a session's connection was cut too
            pinned.close();

            proxy.restore();
            assertRecovers(client, Duration.ofSeconds(8), "the client recovers without a restart");
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void silentServerFailsWithinQueryTimeout(Engine engine, Mode mode) throws Exception {
        SourceUrl direct = TestDb.url(engine);
        try (ProxiedSource proxy = new ProxiedSource(direct);
             DbClient client = DbClients.create(proxy.via(direct), mode, options().withPoolSize(2))) {
            Fire.warmUp(client);
            proxy.stall(true);

            long t0 = System.nanoTime();
            CompletableFuture<Rows> call = Fire.concurrently(client, 1, () -> client.query("SELECT 1 AS one")).getFirst();
            Throwable e = Fire.failure(call);
            long ms = Duration.ofNanos(System.nanoTime() - t0).toMillis();

            System.out.printf("SILENT %s %s after %d ms: %s%n", engine.scheme, mode.id(), ms, e.getMessage());
            unavailable(client, e);
            assertTrue(ms >= QUERY.toMillis() - 100 && ms < QUERY.toMillis() + MARGIN_MS, "gave up after " + ms + " ms");
            proxy.restore();
        }
    }

    /**
     * Runs {@code whileHanging} against a server that accepts TCP but never answers, then lets it
     * answer: the client recovers, and a new session works.
     */
    private static void againstHangingServer(Engine engine, Mode mode, ClientOptions options, ClientCheck whileHanging) throws Exception {
        SourceUrl direct = TestDb.url(engine);
        try (ProxiedSource proxy = new ProxiedSource(direct)) {
            proxy.stall(true);
            try (DbClient client = DbClients.create(proxy.via(direct), mode, options)) {
                whileHanging.run(client);
                proxy.restore();
                assertRecovers(client, Duration.ofSeconds(8), "the client recovers once the server answers");
                DbSession fresh = client.openSession();
                assertEquals(1L, Fire.await(fresh.query("SELECT 1 AS one")).first().getLong("one"));
                fresh.close();
            }
        }
    }

    @FunctionalInterface
    private interface ClientCheck {
        void run(DbClient client) throws Exception;
    }

    /** The error is the "source unavailable" kind and its message starts with host:port/db. */
    private static SourceUnavailableException unavailable(DbClient client, Throwable e) {
        SourceUnavailableException down = assertInstanceOf(SourceUnavailableException.class, e, () -> e + " caused by " + e.getCause());
        assertTrue(down.getMessage().startsWith(client.source().address() + ": "), down.getMessage());
        return down;
    }

    private static ClientOptions options() {
        return TestDb.options().withConnectTimeout(CONNECT).withQueryTimeout(QUERY);
    }

    /** A {@code SELECT 1} answers within {@code within}, tried every 100 ms; else fails with the tries and the last error. */
    private static void assertRecovers(DbClient client, Duration within, String what) throws InterruptedException {
        long t0 = System.nanoTime();
        long deadline = t0 + within.toNanos();
        int tries = 0;
        DbException last = null;
        while (System.nanoTime() < deadline) {
            tries++;
            try {
                if (Fire.await(client.query("SELECT 1 AS one")).first().getLong("one") == 1L) {
                    return;
                }
            } catch (DbException e) {
                last = e;
                Thread.sleep(100);
            }
        }
        throw new AssertionError(what + ": not within " + within.toMillis() + " ms, " + tries + " tries; last error: "
                + (last == null ? "none" : last + (last.getCause() == null ? "" : " caused by " + last.getCause())), last);
    }

    static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    static SourceUrl onPort(SourceUrl url, int port) {
        return new SourceUrl(url.engine(), url.user(), url.password(), "127.0.0.1", port, url.database());
    }
}
