package lab.loadgen.sweep;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.access.DbClient;
import lab.access.DbException;
import lab.access.Row;
import lab.access.SourceUrl;
import lab.data.Sources;
import lab.link.IdleCores;
import lab.loadgen.AdminSql;
import lab.loadgen.metrics.PrometheusText;

/**
 * What the lab measured with, as its parts report it at the start of a run: each database
 * engine's server series and key settings (every server of the sources, asked directly, not
 * through the proxies) and each app's max heap (its instances' metrics). Two runs that differ here
 * did not measure the same lab ({@code make compare-runtimes}). Also whether the sessions to each
 * engine are encrypted ("mysql TLS": off or the protocol): loadgen's own session, opened with the
 * apps' setting ({@code LAB_DB_TLS_CA}, lab.access.DbTls), since TLS costs CPU on both ends of every
 * query. And what this machine's idle cores do (lab.link.IdleCores: a halting vCPU adds its wake-up
 * to every round trip, which a link below a millisecond is measured against), and the load tools' priority
 * (lab.loadgen.tool.ToolPriority). A value shared by every server or
 * instance of its kind is given once; differing ones are all listed; one that cannot be read says so.
 */
final class LabSettings {

    private static final Duration TIMEOUT = Duration.ofSeconds(3);
    /** Release series, not the patch: Debian's security updates differ between hosts and images. */
    private static final Pattern SERIES = Pattern.compile("^(\\d+\\.\\d+|\\d+)");

    private LabSettings() {
    }

    static Map<String, String> collect(Collection<Target> targets) {
        try (HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build()) {
            return collect(targets, http);
        }
    }

    private static Map<String, String> collect(Collection<Target> targets, HttpClient http) {
        Map<String, Set<String>> seen = new TreeMap<>();
        Set<String> servers = new LinkedHashSet<>();
        for (Sources source : Sources.values()) {
            SourceUrl url = SourceUrl.parse(source.url());
            if (servers.add(url.address())) {
                server(url, seen);
            }
        }
        for (Target t : targets) {
            if (t.instance().hasMetrics()) {
                put(seen, "heap " + t.instance().app(), heap(t, http));
            }
        }
        String idle = IdleCores.now();
        put(seen, "idle cores", idle != null ? idle : "unreadable here (no readable /dev/cpu_dma_latency: not root, or a container)");
        put(seen, "load tool priority", lab.loadgen.tool.ToolPriority.describe());
        Map<String, String> out = new TreeMap<>();
        seen.forEach((k, v) -> out.put(k, String.join(", ", v)));
        return out;
    }

    private static void server(SourceUrl url, Map<String, Set<String>> seen) {
        boolean pg = url.engine() == SourceUrl.Engine.POSTGRESQL;
        String engine = pg ? "postgresql" : "mysql";
        String sql = pg
                ? "SELECT current_setting('server_version') AS version, current_setting('max_connections') AS max_connections,"
                + " current_setting('shared_buffers') AS shared_buffers, current_setting('synchronous_commit') AS synchronous_commit,"
                + " current_setting('fsync') AS fsync"
                : "SELECT VERSION() AS version, @@max_connections AS max_connections,"
                + " @@innodb_buffer_pool_size AS innodb_buffer_pool_size,"
                + " @@innodb_flush_log_at_trx_commit AS innodb_flush_log_at_trx_commit, @@sync_binlog AS sync_binlog";
        try (DbClient c = AdminSql.open(url, TIMEOUT)) {
            Row row = AdminSql.await(c.query(sql), TIMEOUT).first();
            put(seen, engine + " server", series(pg, row.getString("version")));
            for (String column : row.index().keySet()) {
                if (!column.equals("version")) {
                    put(seen, engine + " " + column, String.valueOf(row.get(column)));
                }
            }
            put(seen, engine + " TLS", tls(pg, c));
        } catch (DbException e) {
            put(seen, engine + " server", "unreadable at " + url.address() + ": " + e.getMessage());
        }
    }

    /** The session's TLS protocol ("TLSv1.3"), or "off" when it is not encrypted. */
    private static String tls(boolean pg, DbClient c) {
        String sql = pg
                ? "SELECT COALESCE((SELECT version FROM pg_stat_ssl WHERE pid = pg_backend_pid() AND ssl), '') AS value"
                : "SHOW SESSION STATUS LIKE 'Ssl_version'";
        String version = AdminSql.await(c.query(sql), TIMEOUT).first().getString(pg ? "value" : "Value");
        return version == null || version.isBlank() ? "off" : version;
    }

    /** "MariaDB 10.11", "MySQL 8.4", "PostgreSQL 15" from the server's version string. */
    static String series(boolean pg, String version) {
        Matcher m = SERIES.matcher(version == null ? "" : version);
        String number = m.find() ? m.group(1) : version;
        if (pg) {
            return "PostgreSQL " + (number.contains(".") && Integer.parseInt(number.substring(0, number.indexOf('.'))) >= 10
                    ? number.substring(0, number.indexOf('.')) : number);
        }
        return (version != null && version.contains("MariaDB") ? "MariaDB " : "MySQL ") + number;
    }

    /** The JVM's max heap, from jvm_memory_max_bytes of its heap pools (G1's old gen carries -Xmx). */
    private static String heap(Target t, HttpClient http) {
        try {
            HttpResponse<String> resp = http.send(HttpRequest.newBuilder(PointRunner.metricsUri(t)).timeout(TIMEOUT).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (resp.statusCode() != 200) {
                return "unreadable (" + t.instance().name() + ": HTTP " + resp.statusCode() + ")";
            }
            double max = PrometheusText.parse(resp.body()).samples("jvm_memory_max_bytes").stream()
                    .filter(s -> s.hasLabel("area", "heap")).mapToDouble(PrometheusText.Sample::value).max().orElse(-1);
            return max > 0 ? Math.round(max / (1024 * 1024)) + " MB" : "unreadable (" + t.instance().name() + ": no jvm_memory_max_bytes)";
        } catch (IOException e) {
            return "unreadable (" + t.instance().name() + ": " + e.getClass().getSimpleName() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unreadable (interrupted)";
        }
    }

    private static void put(Map<String, Set<String>> seen, String key, String value) {
        seen.computeIfAbsent(key, k -> new java.util.TreeSet<>()).add(value);
    }
}
