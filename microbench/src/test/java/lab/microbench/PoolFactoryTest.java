package lab.microbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import lab.microbench.db.DriverKind;
import lab.microbench.pool.Backend;
import lab.microbench.pool.Pool;
import lab.microbench.pool.PoolConfig;
import lab.microbench.pool.PoolKind;
import lab.microbench.pool.Validation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every pool yields working connections against the real MariaDB and PostgreSQL, and against the stub driver. */
class PoolFactoryTest {

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
            try (Pool pool = kind.open(new PoolConfig(Backend.stub(), 3, v))) {
                for (int i = 0; i < 100; i++) {
                    pool.borrow().close();
                }
            }
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
