package lab.access;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A source named as in DESIGN.md: {@code mysql://user:pass@host:port/db} or
 * {@code postgresql://user:pass@host:port/db}. {@code toString()} hides the password.
 */
public record SourceUrl(Engine engine, String user, String password, String host, int port, String database) {

    public enum Engine {
        MYSQL("mysql", 3306), POSTGRESQL("postgresql", 5432);

        public final String scheme;
        public final int defaultPort;

        Engine(String scheme, int defaultPort) {
            this.scheme = scheme;
            this.defaultPort = defaultPort;
        }

        public static Engine parse(String scheme) {
            String s = scheme == null ? "" : scheme.toLowerCase(Locale.ROOT);
            return switch (s) {
                case "mysql", "mariadb" -> MYSQL;
                case "postgresql", "postgres" -> POSTGRESQL;
                default -> throw new IllegalArgumentException(
                        "unknown engine '" + scheme + "'; accepted: mysql, postgresql");
            };
        }
    }

    public static SourceUrl parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty database URL; expected mysql://user:pass@host:port/db or postgresql://user:pass@host:port/db");
        }
        URI uri;
        try {
            uri = new URI(text.trim());
        } catch (URISyntaxException e) {
            throw malformed(text, e.getReason());
        }
        if (uri.getScheme() == null || uri.getHost() == null) {
            throw malformed(text, "missing scheme or host");
        }
        Engine engine = Engine.parse(uri.getScheme());
        String path = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
        if (path.isEmpty() || path.contains("/")) {
            throw malformed(text, "missing database name after the host");
        }
        String userInfo = uri.getRawUserInfo();
        if (userInfo == null || userInfo.isEmpty()) {
            throw malformed(text, "missing user (user:password@)");
        }
        int colon = userInfo.indexOf(':');
        String user = decode(colon < 0 ? userInfo : userInfo.substring(0, colon));
        String password = colon < 0 ? "" : decode(userInfo.substring(colon + 1));
        int port = uri.getPort() < 0 ? engine.defaultPort : uri.getPort();
        return new SourceUrl(engine, user, password, uri.getHost(), port, path);
    }

    /** The same server, another database (tests and the seeder use this). */
    public SourceUrl withDatabase(String otherDatabase) {
        return new SourceUrl(engine, user, password, host, port, otherDatabase);
    }

    /** The same database reached at another address (a proxy in front of the server). */
    public SourceUrl at(String otherHost, int otherPort) {
        return new SourceUrl(engine, user, password, otherHost, otherPort, database);
    }

    /** The URL as an env var holds it, password included; {@link #parse} reads it back. */
    public String text() {
        return engine.scheme + "://" + encode(user) + ":" + encode(password) + "@" + host + ":" + port + "/" + database;
    }

    private static String encode(String s) {
        return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** host:port/db, used in error messages and metric tags. */
    public String address() {
        return host + ":" + port + "/" + database;
    }

    public String jdbcUrl() {
        return switch (engine) {
            case MYSQL -> "jdbc:mysql://" + host + ":" + port + "/" + database;
            case POSTGRESQL -> "jdbc:postgresql://" + host + ":" + port + "/" + database;
        };
    }

    @Override
    public String toString() {
        return engine.scheme + "://" + user + ":***@" + address();
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    private static IllegalArgumentException malformed(String text, String why) {
        String shown = text.replaceAll("://([^:/@]*):[^@]*@", "://$1:***@");
        return new IllegalArgumentException("malformed database URL '" + shown + "' (" + why
                + "); expected mysql://user:pass@host:port/db or postgresql://user:pass@host:port/db");
    }
}
