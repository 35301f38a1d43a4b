package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Closing a client releases every thread and every server connection it created. */
class CloseReleasesTest {

    /** Threads the JVM or a driver keeps once per process, whoever started them. */
    private static final Set<String> JVM_WIDE = Set.of("ForkJoinPool", "CompletableFutureDelayScheduler",
            "mysql-cj-abandoned-connection-cleanup", "PostgreSQL-JDBC-Cleaner", "Attach Listener", "test-", "Common-Cleaner");

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void noThreadOrConnectionLeftAfterClose(Engine engine, Mode mode) throws Exception {
        use(engine, mode); // loads drivers and their process-wide threads
        assertEquals(0, TestDb.awaitNoServerConnections(engine, Duration.ofSeconds(3)), "nothing open before");
        Set<String> before = Threads.names();

        DbClient client = use(engine, mode);

        Set<String> left = new TreeSet<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(3).toNanos();
        do {
            left.clear();
            Threads.names().stream().filter(n -> !before.contains(n) && JVM_WIDE.stream().noneMatch(n::startsWith)).forEach(left::add);
        } while (!left.isEmpty() && System.nanoTime() < deadline && pause());
        assertEquals(Set.of(), left, "threads left by the closed client");
        assertEquals(0, TestDb.awaitNoServerConnections(engine, Duration.ofSeconds(3)), "server connections left");

        assertInstanceOf(DbException.class, Fire.failure(client.query("SELECT 1")), "a closed client refuses calls");
    }

    /** Opens a client, runs pool calls and a session with a transaction, closes it. */
    private static DbClient use(Engine engine, Mode mode) {
        DbClient client = DbClients.create(TestDb.url(engine), mode, TestDb.options());
        try (client) {
            Fire.settle(Fire.concurrently(client, 10, () -> client.query("SELECT 1 AS one")), Duration.ofSeconds(10));
            assertTrue(TestDb.serverConnections(engine) > 0, "the client did connect");
            Fire.await(client.inTransaction(tx -> tx.query("SELECT 2 AS two")));
            DbSession open = client.openSession(); // left open on purpose: close() of the client must still release it
            Fire.await(open.query("SELECT 3 AS three"));
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        return client;
    }

    private static boolean pause() {
        try {
            Thread.sleep(50);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
