package lab.microbench.jmh;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import lab.microbench.db.DriverKind;

/**
 * How a driver talks to the server in seed 002's variants, as connection properties per driver.
 * MariaDB Connector/J 3 dropped {@code rewriteBatchedStatements}; its batch fast path is the
 * bulk protocol ({@code useBulkStmts}), used here for the "rewrite" variant.
 */
public enum Protocol {
    TEXT(Map.of("useServerPrepStmts", "false", "useBulkStmts", "false", "useBulkStmtsForInserts", "false"),
            Map.of("useServerPrepStmts", "false", "rewriteBatchedStatements", "false"),
            Map.of("preferQueryMode", "simple")),
    PREPARED_HIT(Map.of("useServerPrepStmts", "true", "cachePrepStmts", "true", "useBulkStmts", "false", "useBulkStmtsForInserts", "false"),
            Map.of("useServerPrepStmts", "true", "cachePrepStmts", "true"),
            Map.of("prepareThreshold", "1")),
    PREPARED_MISS(Map.of("useServerPrepStmts", "true", "cachePrepStmts", "false", "useBulkStmts", "false", "useBulkStmtsForInserts", "false"),
            Map.of("useServerPrepStmts", "true", "cachePrepStmts", "false"),
            Map.of("prepareThreshold", "1", "preparedStatementCacheQueries", "0")),
    REWRITE(Map.of("useBulkStmts", "true", "useBulkStmtsForInserts", "true"),
            Map.of("rewriteBatchedStatements", "true"),
            Map.of("reWriteBatchedInserts", "true"));

    private final Map<DriverKind, Map<String, String>> properties;

    Protocol(Map<String, String> mariadb, Map<String, String> mysql, Map<String, String> postgresql) {
        this.properties = Map.of(DriverKind.MARIADB, mariadb, DriverKind.MYSQL, mysql, DriverKind.POSTGRESQL, postgresql);
    }

    public Map<String, String> properties(DriverKind kind) {
        return new java.util.TreeMap<>(properties.get(kind));
    }

    public Properties asProperties(DriverKind kind) {
        Properties p = new Properties();
        p.putAll(properties.get(kind));
        return p;
    }

    /** Every variant's properties for every driver, for the report. */
    public static Map<String, Map<String, Map<String, String>>> describe() {
        Map<String, Map<String, Map<String, String>>> all = new LinkedHashMap<>();
        for (Protocol p : values()) {
            Map<String, Map<String, String>> perDriver = new LinkedHashMap<>();
            for (DriverKind k : DriverKind.values()) {
                perDriver.put(k.name().toLowerCase(java.util.Locale.ROOT), p.properties(k));
            }
            all.put(p.name(), perDriver);
        }
        return all;
    }
}
