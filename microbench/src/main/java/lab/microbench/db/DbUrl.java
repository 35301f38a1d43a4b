package lab.microbench.db;

import java.net.URI;
import java.util.Map;

/**
 * A server named like the rest of the project ({@code mysql://user:pass@host:port/db},
 * {@code postgresql://...}), read from the same env vars (DESIGN.md). The benchmarks never use
 * the named database: {@link #bench()} points at this module's own {@value #BENCH_DB}.
 */
public record DbUrl(boolean postgres, String user, String password, String host, int port, String database) {

    public static final String BENCH_DB = "bench_micro";
    public static final String MYSQL_ENV = "CONTACTS_MYSQL_URL";
    public static final String PG_ENV = "CONTACTS_PG_URL";

    public static DbUrl mysqlFromEnv() {
        return fromEnv(System.getenv(), MYSQL_ENV, "mysql://bench:bench@127.0.0.1:3306/contacts").bench();
    }

    public static DbUrl postgresFromEnv() {
        return fromEnv(System.getenv(), PG_ENV, "postgresql://bench:bench@127.0.0.1:5432/contacts").bench();
    }

    static DbUrl fromEnv(Map<String, String> env, String name, String fallback) {
        String value = env.get(name);
        return parse(value == null || value.isBlank() ? fallback : value);
    }

    public static DbUrl parse(String text) {
        URI uri = URI.create(text.trim());
        String scheme = String.valueOf(uri.getScheme()).toLowerCase();
        boolean pg = scheme.startsWith("postgres");
        if (!pg && !scheme.equals("mysql") && !scheme.equals("mariadb")) {
            throw new IllegalArgumentException("unsupported database URL scheme: " + scheme);
        }
        String[] userInfo = String.valueOf(uri.getUserInfo()).split(":", 2);
        int port = uri.getPort() > 0 ? uri.getPort() : (pg ? 5432 : 3306);
        return new DbUrl(pg, userInfo[0], userInfo.length > 1 ? userInfo[1] : "", uri.getHost(), port,
                uri.getPath().replaceFirst("^/", ""));
    }

    public DbUrl bench() {
        return withDatabase(BENCH_DB);
    }

    public DbUrl withDatabase(String db) {
        return new DbUrl(postgres, user, password, host, port, db);
    }

    /** A JDBC URL for this server with the given sub-protocol ({@code mysql}, {@code mariadb}, {@code postgresql}). */
    public String jdbc(String subProtocol) {
        return "jdbc:" + subProtocol + "://" + host + ":" + port + "/" + database;
    }

    @Override
    public String toString() {
        return (postgres ? "postgresql" : "mysql") + "://" + user + "@" + host + ":" + port + "/" + database;
    }
}
