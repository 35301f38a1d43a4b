package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import lab.access.SourceUrl.Engine;
import lab.link.LinkProxy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The asynchronous engines ({@code nonblocking} with multiplexing, {@code r2dbc}) under closed-loop load — pool reads, multiplexed sessions
 * and transactions at once, as the shop's {@code /mix} and {@code /purchase} — while the link goes
 * silent (Toxiproxy {@code timeout 0}: bytes dropped, nothing answered) or resets every
 * connection, for a few seconds: every call ends (answer or error) within
 * {@code queryTimeout + connectTimeout + slack}, a transaction included (its ROLLBACK must not
 * wait behind a statement that will never be answered); once the fault is cleared calls succeed
 * again, none of those sent after the clear began waits out its timeout on a connection that
 * crossed the fault, and nothing is left in flight or open beyond the pool.
 */
class FaultUnderLoadTest {

    private static final Duration CONNECT = Duration.ofMillis(1000);
    private static final Duration QUERY = Duration.ofMillis(2000);
    private static final Duration SLACK = Duration.ofSeconds(3);
    private static final long BOUND_MS = QUERY.plus(CONNECT).plus(SLACK).toMillis();
    /**
     * Clearing to the first success: generous (as {@code make faults} allows), since PostgreSQL
     * after {@code reset_peer} has been seen to get no connection for up to 8 s (printed).
     */
    private static final long RECOVERY_MAX_MS = 20_000;
    private static final int POOL = 4;
    private static final int USERS = 24;
    private static final int ROWS = 20;
    private static final Duration FAULT = Duration.ofSeconds(4);

    enum Fault {
        SILENT(LinkProxy::silent), RESET(p -> p.resetPeer(0));

        final Consumer<LinkProxy> inject;

        Fault(Consumer<LinkProxy> inject) {
            this.inject = inject;
        }
    }

    @BeforeAll
    static void createTable() throws Exception {
        for (Engine engine : Engine.values()) {
            TestDb.execute(engine, "DROP TABLE IF EXISTS access_fault", "CREATE TABLE access_fault (id INT PRIMARY KEY, n INT NOT NULL)");
            for (int i = 1; i <= ROWS; i++) {
                TestDb.execute(engine, "INSERT INTO access_fault VALUES (" + i + ", 0)");
            }
        }
    }

    /** The engines whose calls do not hold a thread, where a silent link is the engine's own problem to end. */
    private static final List<Mode> MODES = List.of(Mode.NONBLOCKING, Mode.R2DBC);

    static Stream<Arguments> cases() {
        return Stream.of(Engine.values()).flatMap(e -> MODES.stream().flatMap(m -> Stream.of(Fault.values()).map(f -> Arguments.of(e, m, f))));
    }

    static Stream<Arguments> engineModes() {
        return Stream.of(Engine.values()).flatMap(e -> MODES.stream().map(m -> Arguments.of(e, m)));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cases")
    void everyCallEndsWithinItsTimeoutAndTheClientRecovers(Engine engine, Mode mode, Fault fault) throws Exception {
        SourceUrl direct = TestDb.url(engine);
        MeterRegistry registry = new SimpleMeterRegistry();
        ClientOptions options = TestDb.options().withPoolSize(POOL).withQueueBound(200).withMultiplex(true)
                .withConnectTimeout(CONNECT).withQueryTimeout(QUERY);
        try (ProxiedSource proxy = new ProxiedSource(direct);
             DbClient client = DbClients.create(proxy.via(direct), mode, options, registry)) {
            Fire.warmUp(client);
            Load load = new Load(client);
            load.start();
            Thread.sleep(1500);
            fault.inject.accept(proxy.proxy());
            Thread.sleep(FAULT.toMillis());
            load.clearing = System.nanoTime();
            proxy.proxy().clearFaults();
            long cleared = System.nanoTime();
            long recoveredMs = awaitRecovery(client, cleared);
            load.stop();

            System.out.printf("FAULTLOAD %s %s %s: %d calls, %d failed, slowest read %d ms, slowest transaction %d ms, "
                            + "recovered %d ms after clearing, last failure %d ms after clearing, hangs %s%n", engine.scheme, mode.id(), fault,
                    load.calls.get(), load.failed.get(), load.slowestRead.get(), load.slowestTransaction.get(), recoveredMs,
                    TimeUnit.NANOSECONDS.toMillis(load.lastFailure.get() - cleared), load.hangs);
            assertTrue(load.hangs.isEmpty(), "calls without an answer within " + BOUND_MS + " ms: " + load.hangs);
            assertTrue(load.timedOutAfterClearing.isEmpty(), "calls sent once the clear began that timed out "
                    + "(a connection that crossed the fault was still open and silent): " + load.timedOutAfterClearing);
            assertTrue(recoveredMs >= 0, "no successful read and transaction within " + RECOVERY_MAX_MS + " ms of clearing the fault");
            assertTrue(load.failed.get() > 0, "the fault was felt");
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (inFlight(registry) > 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            System.out.printf("FAULTLOAD %s %s %s: in flight %s, waiting for a connection %s, %d ms after stopping%n", engine.scheme, mode.id(), fault,
                    inFlight(registry), registry.get("access.queue.depth").gauge().value(), 5000 - TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
            assertEquals(0.0, inFlight(registry), "calls still in flight after the load stopped");
            long server = TestDb.serverConnections(engine);
            for (long end = System.nanoTime() + Duration.ofSeconds(5).toNanos(); server > POOL + 1 && System.nanoTime() < end; ) {
                Thread.sleep(50);
                server = TestDb.serverConnections(engine);
            }
            assertTrue(server <= POOL + 1, server + " server connections, beyond the pool (+1 for cancels)");
            List<CompletionStage<Long>> all = Stream.generate(() -> transaction(client)).limit(POOL * 3L).toList();
            assertEquals(POOL * 3, Fire.await(ForkJoin.all(all)).size(), "transactions go through on every connection");
        }
    }

    /**
     * A transaction whose statement gets no answer: the statement fails after {@code queryTimeout}
     * and the ROLLBACK right after it does not wait another {@code queryTimeout} behind it (it
     * closes the connection, and the server rolls back); once the link is back the same row can be
     * updated again, and the server has no connection beyond the pool.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("engineModes")
    void rollbackAfterAnUnansweredStatementDoesNotWaitBehindIt(Engine engine, Mode mode) throws Exception {
        SourceUrl direct = TestDb.url(engine);
        Duration query = Duration.ofSeconds(3);
        ClientOptions options = TestDb.options().withPoolSize(2).withConnectTimeout(CONNECT).withQueryTimeout(query);
        try (ProxiedSource proxy = new ProxiedSource(direct);
             DbClient client = DbClients.create(proxy.via(direct), mode, options)) {
            Fire.warmUp(client);
            long t0;
            long failedMs;
            try (DbSession session = client.openSession()) {
                Fire.await(session.begin());
                Fire.await(session.query("SELECT n FROM access_fault WHERE id = ? FOR UPDATE", ROWS));
                proxy.proxy().silent();
                t0 = System.nanoTime();
                Fire.failure(session.update("UPDATE access_fault SET n = n + 1 WHERE id = ?", ROWS));
                failedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
                Fire.await(session.rollback());
            }
            long endedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            proxy.proxy().clearFaults();
            System.out.printf("FAULTLOAD %s %s unanswered statement in a transaction: failed after %d ms, rolled back after %d ms%n",
                    engine.scheme, mode.id(), failedMs, endedMs);
            assertTrue(failedMs < query.toMillis() + 1500, "the statement failed after " + failedMs + " ms");
            assertTrue(endedMs < failedMs + 1500, "the rollback waited " + (endedMs - failedMs) + " ms");
            long updated = Fire.await(client.inTransaction(tx -> tx.update("UPDATE access_fault SET n = n + 1 WHERE id = ?", ROWS)));
            assertEquals(1L, updated, "the row is free again");
            assertTrue(TestDb.serverConnections(engine) <= options.poolSize() + 1, "connections beyond the pool");
        }
    }

    /** Ms from clearing until a read and a transaction both succeed, or -1 past {@link #RECOVERY_MAX_MS}. */
    private static long awaitRecovery(DbClient client, long cleared) throws InterruptedException {
        while (System.nanoTime() - cleared < TimeUnit.MILLISECONDS.toNanos(RECOVERY_MAX_MS)) {
            try {
                Fire.await(client.query("SELECT n FROM access_fault WHERE id = ?", 1));
                Fire.await(transaction(client));
                return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cleared);
            } catch (RuntimeException stillFailing) {
                Thread.sleep(100);
            }
        }
        return -1;
    }

    /** The shape of a purchase: read a row, update it, in one transaction. */
    private static CompletionStage<Long> transaction(DbClient client) {
        int id = 1 + (int) (Math.random() * ROWS);
        return client.inTransaction(tx -> tx.query("SELECT n FROM access_fault WHERE id = ?", id)
                .thenCompose(rows -> tx.update("UPDATE access_fault SET n = n + 1 WHERE id = ?", id)));
    }

    private static double inFlight(MeterRegistry registry) {
        return registry.get("access.calls.inflight").gauge().value();
    }

    /** {@code USERS} closed-loop users: 8 in 10 calls are reads (half of them a two-query session), 2 in 10 transactions. */
    private static final class Load {
        final DbClient client;
        final AtomicBoolean running = new AtomicBoolean(true);
        final AtomicInteger calls = new AtomicInteger();
        final AtomicInteger failed = new AtomicInteger();
        final AtomicLong slowestRead = new AtomicLong();
        final AtomicLong slowestTransaction = new AtomicLong();
        final AtomicLong lastFailure = new AtomicLong();
        final Queue<String> hangs = new ConcurrentLinkedQueue<>();
        final Queue<String> timedOutAfterClearing = new ConcurrentLinkedQueue<>();
        /** When the clear began (System.nanoTime), 0 before. */
        volatile long clearing;
        Thread[] users;

        Load(DbClient client) {
            this.client = client;
        }

        void start() {
            users = new Thread[USERS];
            for (int u = 0; u < USERS; u++) {
                int user = u;
                users[u] = Thread.ofVirtual().name("fault-user-" + u).start(() -> {
                    for (int i = user; running.get(); i++) {
                        switch (i % 10) {
                            case 3, 8 -> timed("transaction", slowestTransaction, () -> transaction(client));
                            case 1, 5, 7 -> timed("session", slowestRead, this::session);
                            default -> timed("read", slowestRead, () -> client.query("SELECT n FROM access_fault WHERE id = ?", 1 + user % ROWS));
                        }
                    }
                });
            }
        }

        private CompletionStage<Object> session() {
            DbSession s = client.openSession();
            CompletionStage<Object> both = s.query("SELECT n FROM access_fault WHERE id = ?", 1)
                    .thenCompose(r -> s.query("SELECT n FROM access_fault WHERE id = ?", 2)).thenApply(r -> r);
            return both.whenComplete((r, e) -> s.close());
        }

        private void timed(String kind, AtomicLong slowest, Supplier<? extends CompletionStage<?>> call) {
            long t0 = System.nanoTime();
            CompletableFuture<?> f = call.get().toCompletableFuture();
            try {
                f.get(BOUND_MS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException hang) {
                hangs.add(kind);
                failed.incrementAndGet();
            } catch (ExecutionException e) {
                failed.incrementAndGet();
                // a call that waited out its query timeout: a connection that crossed the fault answered nothing.
                // A wait for a connection (connect timeout) is the pool still reopening, which the recovery bound judges
                long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
                if (clearing != 0 && t0 - clearing >= 0 && timedOut(e) && ms >= QUERY.toMillis() - 100) {
                    timedOutAfterClearing.add(kind + " sent " + TimeUnit.NANOSECONDS.toMillis(t0 - clearing) + " ms after: " + e.getCause().getMessage());
                }
                lastFailure.accumulateAndGet(System.nanoTime(), Math::max);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            calls.incrementAndGet();
            slowest.accumulateAndGet(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0), Math::max);
        }

        private static boolean timedOut(Throwable e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof TimeoutException) {
                    return true;
                }
            }
            return false;
        }

        void stop() throws InterruptedException {
            running.set(false);
            for (Thread t : users) {
                t.join(BOUND_MS + 1000);
            }
        }
    }
}
