package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Rollback leaves no trace, commit is visible, a failing work stage rolls back. Checked over plain JDBC. */
class TransactionTest {

    @BeforeAll
    static void createTable() throws Exception {
        for (Engine engine : Engine.values()) {
            TestDb.execute(engine, "DROP TABLE IF EXISTS access_tx",
                    "CREATE TABLE access_tx (id INT PRIMARY KEY, label VARCHAR(20) NOT NULL, amount DECIMAL(10,2) NOT NULL)");
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void transactions(Engine engine, Mode mode) throws Exception {
        TestDb.execute(engine, "DELETE FROM access_tx");
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, TestDb.options())) {
            // rollback leaves no trace
            try (DbSession session = client.openSession()) {
                Fire.await(session.begin());
                assertEquals(1L, Fire.await(session.update("INSERT INTO access_tx VALUES (?, ?, ?)", 1, "rolled back", new BigDecimal("1.10"))));
                assertEquals(1L, Fire.await(session.query("SELECT COUNT(*) AS n FROM access_tx")).first().getLong("n"), "visible inside");
                assertEquals(0L, TestDb.count(engine, "SELECT COUNT(*) FROM access_tx"), "invisible outside before commit");
                Fire.await(session.rollback());
            }
            assertEquals(0L, TestDb.count(engine, "SELECT COUNT(*) FROM access_tx"));

            // commit is visible
            long inserted = Fire.await(client.inTransaction(tx -> tx.update("INSERT INTO access_tx VALUES (?, ?, ?)", 2, "committed", new BigDecimal("2.20"))
                    .thenCompose(n -> tx.update("UPDATE access_tx SET amount = amount + ? WHERE id = ?", new BigDecimal("0.05"), 2))));
            assertEquals(1L, inserted);
            assertEquals(1L, TestDb.count(engine, "SELECT COUNT(*) FROM access_tx WHERE id = 2 AND amount = 2.25"));

            // a failing work stage rolls back and passes its error on unchanged
            IllegalStateException boom = new IllegalStateException("out of stock");
            Throwable failed = Fire.failure(client.inTransaction(tx -> tx.update("INSERT INTO access_tx VALUES (?, ?, ?)", 3, "failed work", BigDecimal.ONE)
                    .thenCompose(n -> CompletableFuture.failedFuture(boom))));
            assertSame(boom, failed);
            assertEquals(0L, TestDb.count(engine, "SELECT COUNT(*) FROM access_tx WHERE id = 3"));

            // a failing statement rolls back what came before it in the transaction
            DbException duplicate = assertInstanceOf(DbException.class, Fire.failure(client.inTransaction(tx ->
                    tx.update("INSERT INTO access_tx VALUES (?, ?, ?)", 4, "before dup", BigDecimal.ONE)
                            .thenCompose(n -> tx.update("INSERT INTO access_tx VALUES (?, ?, ?)", 2, "dup", BigDecimal.ONE)))));
            assertTrue(duplicate.sqlState().startsWith("23"), "integrity violation: " + duplicate.sqlState());
            assertTrue(DbException.isUniqueViolation(duplicate), "a unique violation: " + duplicate.sqlState() + " / " + duplicate.vendorCode());
            assertEquals(0, duplicate.getSuppressed().length, "the rollback itself succeeded");
            assertEquals(0L, TestDb.count(engine, "SELECT COUNT(*) FROM access_tx WHERE id = 4"));

            // the pool is healthy afterwards: the connections went back in autocommit mode
            Fire.await(client.update("INSERT INTO access_tx VALUES (?, ?, ?)", 5, "autocommit", BigDecimal.TEN));
            assertEquals(2L, TestDb.count(engine, "SELECT COUNT(*) FROM access_tx"));
        }
    }

    /**
     * A session closed inside its transaction leaves no trace, its connection back in use at once. In
     * the JDBC modes Hikari's reset to autocommit committed it: its proxy does not count
     * {@code executeLargeUpdate} as a write, so it skipped its rollback (JdbcSession#close).
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void aSessionClosedMidTransactionLeavesNoTrace(Engine engine, Mode mode) throws Exception {
        TestDb.execute(engine, "DELETE FROM access_tx");
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, TestDb.options().withPoolSize(1))) {
            DbSession session = client.openSession();
            Fire.await(session.begin());
            assertEquals(1L, Fire.await(session.update("INSERT INTO access_tx VALUES (?, ?, ?)", 6, "left open", BigDecimal.ONE)));
            session.close();
            assertEquals(0L, Fire.await(client.query("SELECT COUNT(*) AS n FROM access_tx")).first().getLong("n"),
                    "the next caller of the only connection sees nothing");
            Fire.await(client.update("INSERT INTO access_tx VALUES (?, ?, ?)", 7, "autocommit", BigDecimal.TEN));
        }
        assertEquals(0L, TestDb.awaitNoServerConnections(engine, Duration.ofSeconds(10)), "every connection closed");
        assertEquals(0L, TestDb.count(engine, "SELECT COUNT(*) FROM access_tx WHERE id = 6"), "rolled back");
        assertEquals(1L, TestDb.count(engine, "SELECT COUNT(*) FROM access_tx WHERE id = 7"), "the connection works after it");
    }

    /** A COMMIT whose link is cut fails as "source unavailable" (a 503 for the shop), never as some other error. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void commitOnACutLinkIsUnavailable(Engine engine, Mode mode) throws Exception {
        SourceUrl direct = TestDb.url(engine);
        try (ProxiedSource proxy = new ProxiedSource(direct);
             DbClient client = DbClients.create(proxy.via(direct), mode, TestDb.options().withPoolSize(2))) {
            Fire.warmUp(client);
            DbSession session = client.openSession();
            Fire.await(session.begin());
            Fire.await(session.query("SELECT 1 AS one"));
            proxy.cut();
            Throwable failed = Fire.failure(session.commit());
            session.close();
            proxy.restore();
            assertInstanceOf(SourceUnavailableException.class, failed, String.valueOf(failed));
        }
    }
}
