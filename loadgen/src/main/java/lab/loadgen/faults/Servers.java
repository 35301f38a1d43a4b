package lab.loadgen.faults;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import lab.access.SourceUrl;
import lab.data.Sources;

/**
 * The real database servers behind the lab (the source URLs of the environment, not the proxies):
 * server-side connection counts, killing the app's sessions, the shop's orders and stock, and
 * stopping/starting MariaDB through scripts/db.sh.
 */
final class Servers {

    private final Path scripts;
    private volatile boolean mysqlStopped;

    Servers(Path scripts) {
        this.scripts = scripts;
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
                    ? "SELECT COUNT(*) FROM pg_stat_activity WHERE usename = ? AND datname = ? AND pid <> pg_backend_pid()"
                    : "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = ? AND DB = ? AND ID <> CONNECTION_ID()";
            try (Connection c = connect(source); PreparedStatement st = c.prepareStatement(sql)) {
                st.setString(1, source.user());
                st.setString(2, source.database());
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    total += rs.getInt(1);
                }
            } catch (SQLException e) {
                return null;
            }
        }
        return total;
    }

    /**
     * Ends every session of the app's user on the app's databases (other idle instances' sessions on
     * them too: the server cannot tell instances apart behind the proxies). Returns how many.
     */
    int killSessions(String app) throws SQLException {
        int killed = 0;
        for (SourceUrl source : sourcesOf(app)) {
            try (Connection c = connect(source)) {
                if (source.engine() == SourceUrl.Engine.POSTGRESQL) {
                    try (PreparedStatement st = c.prepareStatement("SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity"
                            + " WHERE usename = ? AND datname = ? AND pid <> pg_backend_pid()")) {
                        st.setString(1, source.user());
                        st.setString(2, source.database());
                        try (ResultSet rs = st.executeQuery()) {
                            rs.next();
                            killed += rs.getInt(1);
                        }
                    }
                } else {
                    List<Long> ids = new ArrayList<>();
                    try (PreparedStatement st = c.prepareStatement("SELECT ID FROM information_schema.PROCESSLIST"
                            + " WHERE USER = ? AND DB = ? AND ID <> CONNECTION_ID()")) {
                        st.setString(1, source.user());
                        st.setString(2, source.database());
                        try (ResultSet rs = st.executeQuery()) {
                            while (rs.next()) {
                                ids.add(rs.getLong(1));
                            }
                        }
                    }
                    for (long id : ids) {
                        // KILL takes no placeholder; the id is a number the server just gave us.
                        try (var st = c.createStatement()) {
                            st.execute("KILL " + id);
                            killed++;
                        } catch (SQLException gone) {
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
        try (Connection c = connect(url(Sources.SHOP));
             ResultSet rs = c.createStatement().executeQuery(
                     "SELECT (SELECT COUNT(*) FROM orders), (SELECT COALESCE(SUM(quantity), 0) FROM stock)")) {
            rs.next();
            return new long[] {rs.getLong(1), rs.getLong(2)};
        } catch (SQLException e) {
            return null;
        }
    }

    /** Items with the most stock, for the shop's buyers. */
    List<Long> buyableItems(int count) throws SQLException {
        List<Long> items = new ArrayList<>();
        try (Connection c = connect(url(Sources.SHOP));
             PreparedStatement st = c.prepareStatement("SELECT item_id FROM stock ORDER BY quantity DESC LIMIT ?")) {
            st.setInt(1, count);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    items.add(rs.getLong(1));
                }
            }
        }
        return items;
    }

    /** Stops the local MariaDB (the real, shared server). {@link #startMysql} must follow. */
    void stopMysql() throws IOException, InterruptedException {
        mysqlStopped = true;
        dbScript("stop-server", "mysql");
    }

    /** Starts the servers again and waits until they answer ({@code scripts/db.sh}, idempotent). */
    void startMysql() throws IOException, InterruptedException {
        dbScript();
        mysqlStopped = false;
    }

    boolean mysqlStopped() {
        return mysqlStopped;
    }

    private void dbScript(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", scripts.resolve("db.sh").toString()));
        command.addAll(List.of(args));
        run(command, 120);
    }

    /** Runs a lab script to its end (bounded); fails with its exit code. */
    static void run(List<String> command, int limitSeconds) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(limitSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", command) + " did not finish within " + limitSeconds + " s");
        }
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed (exit " + p.exitValue() + ")");
        }
    }

    private static Connection connect(SourceUrl url) throws SQLException {
        DriverManager.setLoginTimeout(3);
        return DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
    }
}
