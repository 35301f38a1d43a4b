package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every client reports in-flight calls, queue depth, wait and execution time, rejections and pool size. */
class MetricsTest {

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void metersPerClientTaggedBySourceAndMode(Engine engine, Mode mode) {
        MeterRegistry registry = new SimpleMeterRegistry();
        DbClient client = DbClients.create(TestDb.url(engine), mode, TestDb.options(), registry);
        String source = client.source().address();
        try (client) {
            Fire.settle(Fire.concurrently(client, 20, () -> client.query("SELECT 1 AS one")), Duration.ofSeconds(10));

            assertEquals(20, timer(registry, "access.wait", source, mode).count());
            assertEquals(20, timer(registry, "access.execution", source, mode).count());
            assertEquals(0.0, gauge(registry, "access.calls.inflight", source, mode));
            assertEquals(0.0, gauge(registry, "access.queue.depth", source, mode));
            assertEquals(0.0, registry.get("access.rejected").tag("source", source).tag("mode", mode.id()).counter().count());
            assertTrue(gauge(registry, "access.pool.size", source, mode) >= 1, "connections open");
            if (mode != Mode.NONBLOCKING && mode != Mode.R2DBC) { // HikariCP: the JDBC modes only
                assertNotNull(registry.find("hikaricp.connections.active").gauge(), "HikariCP's own pool meters");
            }
        }
        assertNull(registry.find("access.calls.inflight").gauge(), "meters go away with the client");
    }

    /** r2dbc-pool's own counts, named as Spring Boot's ConnectionPoolMetrics names them, read while two sessions hold connections. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("lab.access.Cases#engines")
    void r2dbcPoolGaugesWhileConnectionsAreLent(Engine engine) {
        MeterRegistry registry = new SimpleMeterRegistry();
        ClientOptions options = TestDb.options();
        DbClient client = DbClients.create(TestDb.url(engine), Mode.R2DBC, options, registry);
        String source = client.source().address();
        try (client; DbSession one = client.openSession(); DbSession two = client.openSession()) {
            Fire.await(one.query("SELECT 1 AS one"));
            Fire.await(two.query("SELECT 1 AS one"));
            assertEquals(2.0, pool(registry, "r2dbc.pool.acquired", source));
            double allocated = pool(registry, "r2dbc.pool.allocated", source);
            assertTrue(allocated >= 2, "allocated " + allocated);
            assertEquals(allocated - 2, pool(registry, "r2dbc.pool.idle", source));
            assertEquals(0.0, pool(registry, "r2dbc.pool.pending", source));
            assertEquals(options.poolSize(), pool(registry, "r2dbc.pool.max.allocated", source));
            assertTrue(pool(registry, "r2dbc.pool.max.pending", source) > options.queueBound(), "the wait queue's bound");
        }
        assertNull(registry.find("r2dbc.pool.acquired").gauge(), "the pool's gauges go away with the client");
    }

    private static double pool(MeterRegistry registry, String name, String source) {
        return registry.get(name).tag("name", "r2dbc-" + source).tag("source", source).tag("mode", Mode.R2DBC.id()).gauge().value();
    }

    private static io.micrometer.core.instrument.Timer timer(MeterRegistry registry, String name, String source, Mode mode) {
        return registry.get(name).tag("source", source).tag("mode", mode.id()).timer();
    }

    private static double gauge(MeterRegistry registry, String name, String source, Mode mode) {
        return registry.get(name).tag("source", source).tag("mode", mode.id()).gauge().value();
    }
}
