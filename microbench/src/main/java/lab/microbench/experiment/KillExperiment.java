package lab.microbench.experiment;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import lab.microbench.db.DriverKind;
import lab.microbench.pool.Backend;
import lab.microbench.pool.Pool;
import lab.microbench.pool.PoolConfig;
import lab.microbench.pool.PoolKind;
import lab.microbench.pool.Validation;

/**
 * Seed 004, part two: a pool of one connection; its server session is killed from a second
 * connection (MySQL {@code KILL}, PostgreSQL {@code pg_terminate_backend}); then the pool is
 * borrowed from twice and each borrow runs {@code SELECT 1}. Does the pool hand out the dead
 * connection, or notice and reconnect?
 */
public final class KillExperiment {

    public enum Outcome { RECOVERED, DEAD_CONNECTION, BORROW_FAILED, BORROW_HUNG, SAME_SESSION }

    /** One borrow after the kill. */
    public record Attempt(Outcome outcome, Long sessionId, String error) {
    }

    public record Result(String engine, String pool, String label, String version, String validation,
                         long killedSession, Attempt first, Attempt second) {
    }

    private static final long BORROW_TIMEOUT_SECONDS = 5;
    private final ExecutorService borrower = Executors.newCachedThreadPool(r -> Thread.ofPlatform().daemon().unstarted(r));

    public List<Result> run(List<PoolKind> pools, List<DriverKind> drivers) throws Exception {
        List<Result> results = new ArrayList<>();
        try {
            for (DriverKind d : drivers) {
                for (PoolKind p : pools) {
                    for (Validation v : Validation.values()) {
                        long t0 = System.nanoTime();
                        Result r = run(p, v, d);
                        results.add(r);
                        Progress.done("kill " + d + " " + p.label + " " + v + ": " + r.first().outcome() + ", " + r.second().outcome(), t0);
                    }
                }
            }
        } finally {
            borrower.shutdownNow();
        }
        return results;
    }

    public Result run(PoolKind kind, Validation validation, DriverKind driver) throws Exception {
        try (Pool pool = kind.open(new PoolConfig(Backend.of(driver), 1, validation))) {
            long session;
            try (Connection c = pool.borrow()) {
                session = sessionId(c, driver);
            }
            kill(driver, session);
            Attempt first = attempt(pool, driver, session);
            Attempt second = attempt(pool, driver, session);
            return new Result(driver == DriverKind.POSTGRESQL ? "PostgreSQL" : "MariaDB", kind.name(), kind.label,
                    kind.version(), validation.name(), session, first, second);
        }
    }

    /** Kills the session from a connection of its own and waits until the server has let it go. */
    static void kill(DriverKind driver, long session) throws SQLException, InterruptedException {
        try (Connection admin = driver.connect(new Properties()); Statement s = admin.createStatement()) {
            s.execute(driver.killStatement(session));
            for (int i = 0; i < 200 && alive(s, driver, session); i++) {
                Thread.sleep(5);
            }
        }
    }

    private static boolean alive(Statement s, DriverKind driver, long session) throws SQLException {
        try (ResultSet rs = s.executeQuery(driver.sessionAliveQuery(session))) {
            return rs.next() && rs.getLong(1) > 0;
        }
    }

    private Attempt attempt(Pool pool, DriverKind driver, long killed) throws InterruptedException {
        Future<Connection> borrowing = borrower.submit(pool::borrow);
        Connection c;
        try {
            c = borrowing.get(BORROW_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            borrowing.cancel(true);
            return new Attempt(Outcome.BORROW_HUNG, null, "getConnection() still blocked after " + BORROW_TIMEOUT_SECONDS + " s");
        } catch (java.util.concurrent.ExecutionException e) {
            return new Attempt(Outcome.BORROW_FAILED, null, message(e.getCause()));
        }
        try {
            long now = sessionId(c, driver);
            return new Attempt(now == killed ? Outcome.SAME_SESSION : Outcome.RECOVERED, now, null);
        } catch (SQLException e) {
            return new Attempt(Outcome.DEAD_CONNECTION, null, message(e));
        } finally {
            closeQuietly(c);
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // a broken connection may refuse to close; the pool's reaction is what is measured
        }
    }

    static long sessionId(Connection c, DriverKind driver) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(driver.sessionIdQuery())) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String message(Throwable t) {
        String m = t.getClass().getSimpleName() + ": " + t.getMessage();
        return m.length() > 200 ? m.substring(0, 200) + "…" : m;
    }
}
