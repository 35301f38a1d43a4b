package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The server's errors that are not about the connection keep their class and SQLState in every
 * engine and mode: a plpgsql RAISE (P0001), a statement in a failed transaction (25P02), a row
 * locked elsewhere with NOWAIT (55P03), statement_timeout (57014), an InnoDB deadlock (1213) and
 * lock wait timeout (1205). Each is a {@link DbException}, never {@link SourceUnavailableException};
 * what the apps answer for it is {@link DbException#isSourceUnavailable}'s business.
 */
class ServerErrorsTest {

    private static final Executor ASIDE = Executors.newVirtualThreadPerTaskExecutor();

    @BeforeAll
    static void createTables() throws Exception {
        for (Engine engine : Engine.values()) {
            TestDb.execute(engine, "DROP TABLE IF EXISTS access_locks",
                    "CREATE TABLE access_locks (id INT PRIMARY KEY, n INT NOT NULL)");
            TestDb.execute(engine, "INSERT INTO access_locks VALUES (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)");
        }
        TestDb.execute(Engine.POSTGRESQL, "CREATE OR REPLACE FUNCTION access_raise(message TEXT) RETURNS INT AS "
                + "$$ BEGIN RAISE EXCEPTION '%', message; END $$ LANGUAGE plpgsql");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lab.access.Cases#modes")
    void raiseException(Mode mode) {
        try (DbClient client = client(Engine.POSTGRESQL, mode)) {
            DbException raised = sqlError(client.query("SELECT access_raise(?) AS r", "out of stock"), "P0001");
            assertTrue(raised.getMessage().contains("out of stock"), raised.getMessage());
            assertStillWorks(client);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lab.access.Cases#modes")
    void statementInAFailedTransaction(Mode mode) {
        try (DbClient client = client(Engine.POSTGRESQL, mode); DbSession session = client.openSession()) {
            Fire.await(session.begin());
            sqlError(session.query("SELECT 1 / ? AS q", 0), "22012");
            sqlError(session.query("SELECT ? AS one", 1), "25P02");
            Fire.await(session.rollback());
            assertEquals(1L, Fire.await(session.query("SELECT ?::int AS one", 1)).first().getLong("one"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lab.access.Cases#modes")
    void rowLockedElsewhereNowait(Mode mode) throws Exception {
        try (DbClient client = client(Engine.POSTGRESQL, mode); Connection holder = lockRow(Engine.POSTGRESQL, 1)) {
            sqlError(client.query("SELECT n FROM access_locks WHERE id = ? FOR UPDATE NOWAIT", 1), "55P03");
            holder.rollback();
            assertStillWorks(client);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lab.access.Cases#modes")
    void statementTimeout(Mode mode) {
        try (DbClient client = client(Engine.POSTGRESQL, mode); DbSession session = client.openSession()) {
            Fire.await(session.begin());
            Fire.await(session.query("SELECT set_config('statement_timeout', ?, true) AS set", "100ms"));
            DbException timedOut = sqlError(session.query("SELECT pg_sleep(?)::text AS slept", 3), "57014");
            assertTrue(DbException.isSourceUnavailable(timedOut), "57: the apps answer 503");
            Fire.await(session.rollback());
            assertStillWorks(client);
        }
    }

    /** Makes the client's transaction the lighter one, so that InnoDB rolls it back rather than the test's. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("lab.access.Cases#modes")
    void deadlock(Mode mode) throws Exception {
        try (DbClient client = client(Engine.MYSQL, mode); DbSession session = client.openSession();
             Connection other = TestDb.direct(Engine.MYSQL)) {
            other.setAutoCommit(false);
            Fire.await(session.begin());
            Fire.await(session.update("UPDATE access_locks SET n = n + 1 WHERE id = ?", 1));
            try (PreparedStatement heavy = other.prepareStatement("UPDATE access_locks SET n = n + 1 WHERE id >= ?")) {
                heavy.setInt(1, 2);
                heavy.executeUpdate();
            }
            // from a thread of its own: in mode jdbc the call returns only once the statement has ended
            CompletableFuture<Long> waiting = CompletableFuture.supplyAsync(
                    () -> session.update("UPDATE access_locks SET n = n + 1 WHERE id = ?", 2), ASIDE).thenCompose(s -> s);
            awaitLockWait(waiting);
            try (PreparedStatement closing = other.prepareStatement("UPDATE access_locks SET n = n + 1 WHERE id = ?")) {
                closing.setInt(1, 1);
                closing.executeUpdate(); // the cycle: InnoDB rolls back the client's transaction, this one goes on
            }
            DbException deadlock = sqlError(waiting, "40001");
            assertEquals(1213, deadlock.vendorCode());
            assertTrue(DbException.isSourceUnavailable(deadlock), "40: the apps answer 503");
            other.rollback();
            Fire.await(session.rollback());
            assertStillWorks(client);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lab.access.Cases#modes")
    void lockWaitTimeout(Mode mode) throws Exception {
        try (DbClient client = client(Engine.MYSQL, mode); DbSession session = client.openSession();
             Connection holder = lockRow(Engine.MYSQL, 3)) {
            Fire.await(session.update("SET SESSION innodb_lock_wait_timeout = 1"));
            DbException timedOut = sqlError(session.query("SELECT n FROM access_locks WHERE id = ? FOR UPDATE", 3), "HY000");
            assertEquals(1205, timedOut.vendorCode());
            assertTrue(DbException.isSourceUnavailable(timedOut), "1205: the apps answer 503");
            holder.rollback();
            Fire.await(session.update("SET SESSION innodb_lock_wait_timeout = DEFAULT"));
            assertStillWorks(client);
        }
    }

    private static DbClient client(Engine engine, Mode mode) {
        return DbClients.create(TestDb.url(engine), mode, TestDb.options());
    }

    /** A server error, not an outage, with the SQLState expected and the source named. */
    private static DbException sqlError(CompletionStage<?> call, String sqlState) {
        Throwable error = Fire.failure(call);
        DbException e = assertInstanceOf(DbException.class, error);
        assertFalse(e instanceof SourceUnavailableException, "an SQL error, not unavailable: " + e);
        assertEquals(DbException.class, e.getClass(), e.toString());
        assertEquals(sqlState, e.sqlState(), e.toString());
        return e;
    }

    private static void assertStillWorks(DbClient client) {
        assertEquals(1L, Fire.await(client.query("SELECT 1 AS one")).first().getLong("one"));
    }

    /** A plain JDBC connection holding a row lock in an open transaction (roll back or close it to free the row). */
    private static Connection lockRow(Engine engine, int id) throws Exception {
        Connection c = TestDb.direct(engine);
        c.setAutoCommit(false);
        try (PreparedStatement lock = c.prepareStatement("SELECT n FROM access_locks WHERE id = ? FOR UPDATE")) {
            lock.setInt(1, id);
            lock.executeQuery().close();
        }
        return c;
    }

    /**
     * Until the client's update waits for the test's lock: InnoDB lists a transaction in LOCK WAIT, or
     * the server shows the update still running; fails at once, saying how, when the update ended.
     */
    private static void awaitLockWait(CompletableFuture<Long> waiting) throws Exception {
        long until = System.nanoTime() + 10_000_000_000L;
        while (TestDb.count(Engine.MYSQL, "SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT'") == 0
                && TestDb.count(Engine.MYSQL, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE COMMAND IN ('Query', 'Execute') "
                        + "AND INFO LIKE 'UPDATE access_locks%' AND TIME_MS > 200") == 0) {
            if (waiting.isDone()) {
                fail("the client's update did not wait for the lock: " + (waiting.isCompletedExceptionally()
                        ? "it failed: " + Fire.failure(waiting) : "it updated " + waiting.join() + " row(s)"));
            }
            if (System.nanoTime() > until) {
                fail("the client's update never waited for the lock (still running, not seen waiting)");
            }
            Thread.sleep(20);
        }
    }
}
