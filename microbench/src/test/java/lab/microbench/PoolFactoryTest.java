package lab.microbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import lab.microbench.db.BenchSchema;
import lab.microbench.db.DriverKind;
import lab.microbench.pool.Backend;
import lab.microbench.pool.Pool;
import lab.microbench.pool.PoolConfig;
import lab.microbench.pool.PoolKind;
import lab.microbench.pool.Validation;
import lab.microbench.stub.StubDriver;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every pool yields working connections against the real MariaDB and PostgreSQL, and against the stub driver. */
class PoolFactoryTest {

    @BeforeAll
    static void benchDatabases() throws Exception {
        BenchSchema.prepareMysql(); // bench_micro on both servers, whatever test ran before
        BenchSchema.preparePostgres();
    }

    @ParameterizedTest
    @EnumSource(PoolKind.class)
    void realServersAnswerThroughEveryPool(PoolKind kind) throws Exception {
        for (DriverKind driver : new DriverKind[] {DriverKind.MYSQL, DriverKind.POSTGRESQL}) {
            try (Pool pool = kind.open(new PoolConfig(Backend.of(driver), 2, Validation.QUERY));
                 Connection a = pool.borrow(); Connection b = pool.borrow()) {
                assertEquals(1, selectOne(a));
                assertNotEquals(sessionId(a, driver), sessionId(b, driver), kind + " handed out the same session twice");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(PoolKind.class)
    void stubBackendWorksWithEveryPoolAndValidation(PoolKind kind) throws Exception {
        for (Validation v : Validation.values()) {
            long before = StubDriver.opened();
            try (Pool pool = kind.open(new PoolConfig(Backend.stub(), 3, v))) {
                for (int i = 0; i < 100; i++) {
                    try (Connection c = pool.borrow()) {
                        assertTrue(c.isValid(1), kind + " handed out a connection that is not valid");
                    }
                }
            }
            // at most the pool's 3, plus the one commons-dbcp2 opens and drops to check its factory
            long opened = StubDriver.opened() - before;
            assertTrue(opened >= 1 && opened <= 3 + 1, kind + "/" + v + ": 100 borrows opened " + opened + " connections, not reused within the pool of 3");
        }
    }

    private static int selectOne(Connection c) throws Exception {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static long sessionId(Connection c, DriverKind driver) throws Exception {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(driver.sessionIdQuery())) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
