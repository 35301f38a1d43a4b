package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.time.Duration;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Warm-up opens the whole pool before the first call (health says UP only after it). */
class WarmUpTest {

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void opensEveryConnectionOfThePool(Engine engine, Mode mode) throws Exception {
        assertEquals(0, TestDb.awaitNoServerConnections(engine, Duration.ofSeconds(3)), "nothing open before");
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, TestDb.options())) {
            ForkJoin.join(client.warmUp(), Duration.ofSeconds(10));
            assertEquals(client.connections(), TestDb.serverConnections(engine), "server connections after warm-up");
            assertEquals(1, ForkJoin.join(client.query("SELECT 1 AS one"), Duration.ofSeconds(5)).size(), "the pool still answers");
        }
    }

    /**
     * An idle instance stays ready: its connections outlive the nonblocking engine's read-idle
     * timeout ({@code queryTimeout + connectTimeout}, here 1.5 s), which would otherwise close
     * them, so the first page after a quiet spell does not wait for new ones.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void keepsThePoolOpenWhileIdle(Engine engine, Mode mode) throws Exception {
        assertEquals(0, TestDb.awaitNoServerConnections(engine, Duration.ofSeconds(3)), "nothing open before");
        ClientOptions options = TestDb.options().withConnectTimeout(Duration.ofMillis(500)).withQueryTimeout(Duration.ofSeconds(1));
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, options)) {
            ForkJoin.join(client.warmUp(), Duration.ofSeconds(10));
            Thread.sleep(3 * 1_500); // idle: three read-idle timeouts
            assertEquals(client.connections(), TestDb.serverConnections(engine), "server connections after an idle spell");
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void failsWithinTheConnectTimeoutWhenTheSourceIsDown(Engine engine, Mode mode) throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        SourceUrl url = TestDb.url(engine);
        SourceUrl nowhere = new SourceUrl(url.engine(), url.user(), url.password(), "127.0.0.1", closed, url.database());
        ClientOptions options = TestDb.options().withConnectTimeout(Duration.ofMillis(500));
        try (DbClient client = DbClients.create(nowhere, mode, options)) {
            long t0 = System.nanoTime();
            Throwable e = Fire.failure(client.warmUp());
            long ms = Duration.ofNanos(System.nanoTime() - t0).toMillis();
            assertInstanceOf(DbException.class, e);
            assertTrue(ms < 5_000, "failed after " + ms + " ms");
        }
    }
}
