package lab.loadgen.faults;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import lab.access.DbClient;
import lab.access.DbException;
import lab.access.DbSession;
import lab.access.Row;
import lab.access.Rows;
import lab.access.SourceUrl;
import lab.data.Sources;
import lab.loadgen.AdminSql;
import lab.loadgen.config.LabPort;

/**
 * The real database servers behind the lab (the source URLs of the environment, not the proxies):
 * server-side connection counts, killing the app's sessions, the shop's orders and stock, and
 * stopping/starting MariaDB, which the lab port carries out ({@code stop-server mysql}, {@code
 * start-server}: natively MariaDB's service, in containers the database containers).
 */
final class Servers {

    /** Bound on connecting to a server and on each of loadgen's own statements there. */
    private static final Duration TIMEOUT = Duration.ofSeconds(3);

    private static final Duration STOP_START = Duration.ofSeconds(120);

    private final LabPort port;
    private volatile boolean mysqlStopped;

    /** @param port where MariaDB is stopped (fault a) and started again, once it answers (idempotent); null: nowhere */
    Servers(LabPort port) {
        this.port = port;
    }

    /** The real servers of the sources an app reads ({@link Sources#of}). */
    static List<SourceUrl> sourcesOf(String app) {
        return Sources.of(app).stream().map(Servers::url).toList();
    }

    /** The real server's URL of a source, from this process's environment (not the instances' proxies). */
    static SourceUrl url(Sources source) {
        return SourceUrl.parse(source.url());
    }

    /**
     * Sessions of the lab's user on the app's databases (every instance's: the servers cannot tell
     * them apart behind the proxies; tests on bench_* databases are not counted), ours excluded;
     * null when a server does not answer.
     */
    Integer connections(String app) {
        int total = 0;
        for (SourceUrl source : sourcesOf(app)) {
            String sql = source.engine() == SourceUrl.Engine.POSTGRESQL
                    ? "SELECT COUNT(*) AS count FROM pg_stat_activity WHERE usename = ? AND datname = ? AND pid <> pg_backend_pid()"
                    : "SELECT COUNT(*) AS count FROM information_schema.PROCESSLIST WHERE USER = ? AND DB = ? AND ID <> CONNECTION_ID()";
            try (DbClient c = AdminSql.open(source, TIMEOUT)) {
                total += AdminSql.await(c.query(sql, source.user(), source.database()), TIMEOUT).first().getInt("count");
            } catch (DbException e) {
                return null;
            }
        }
        return total;
    }

    /**
     * Ends every session of the app's user on the app's databases (other idle instances' sessions on
     * them too: the server cannot tell instances apart behind the proxies). Returns how many.
     */
    int killSessions(String app) {
        int killed = 0;
        for (SourceUrl source : sourcesOf(app)) {
            try (DbClient c = AdminSql.open(source, TIMEOUT); DbSession session = c.openSession()) {
                if (source.engine() == SourceUrl.Engine.POSTGRESQL) {
                    killed += AdminSql.await(session.query("SELECT COUNT(pg_terminate_backend(pid)) AS count FROM pg_stat_activity"
                            + " WHERE usename = ? AND datname = ? AND pid <> pg_backend_pid()", source.user(), source.database()), TIMEOUT)
                            .first().getInt("count");
                } else {
                    // one session: CONNECTION_ID() is the connection the KILLs go out on, which must survive them
                    Rows ids = AdminSql.await(session.query("SELECT ID AS id FROM information_schema.PROCESSLIST"
                            + " WHERE USER = ? AND DB = ? AND ID <> CONNECTION_ID()", source.user(), source.database()), TIMEOUT);
                    for (Row id : ids) {
                        try {
                            AdminSql.await(session.update("KILL ?", id.getLong("id")), TIMEOUT);
                            killed++;
                        } catch (DbException gone) {
                            // ended meanwhile
                        }
                    }
                }
            }
        }
        return killed;
    }

    /** The shop's orders and the sum of its stock: {orders, stock}; null when the database is down. */
    long[] ordersAndStock() {
        try (DbClient c = AdminSql.open(url(Sources.SHOP), TIMEOUT)) {
            Row row = AdminSql.await(c.query("SELECT (SELECT COUNT(*) FROM orders) AS orders,"
                    + " (SELECT COALESCE(SUM(quantity), 0) FROM stock) AS stock"), TIMEOUT).first();
            return new long[] {row.getLong("orders"), row.getLong("stock")};
        } catch (DbException e) {
            return null;
        }
    }

    /** Items with the most stock, for the shop's buyers. */
    List<Long> buyableItems(int count) {
        List<Long> items = new ArrayList<>();
        try (DbClient c = AdminSql.open(url(Sources.SHOP), TIMEOUT)) {
            for (Row row : AdminSql.await(c.query("SELECT item_id FROM stock ORDER BY quantity DESC LIMIT ?", count), TIMEOUT)) {
                items.add(row.getLong("item_id"));
            }
        }
        return items;
    }

    /** Stops MariaDB (natively the real, shared server). {@link #startMysql} must follow. */
    void stopMysql() throws IOException, InterruptedException {
        mysqlStopped = true;
        port.require(STOP_START, List.of("stop-server", "mysql"));
    }

    /** Starts it again and waits until it answers. */
    void startMysql() throws IOException, InterruptedException {
        port.require(STOP_START, List.of("start-server"));
        mysqlStopped = false;
    }

    boolean mysqlStopped() {
        return mysqlStopped;
    }
}
