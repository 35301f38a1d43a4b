package lab.data;

import java.util.Map;

/**
 * The lab's five sources (docs/DESIGN.md, "Data"): the env var that names each one and its
 * local-only default. Only URL text here; {@code lab.access.SourceUrl} parses it.
 */
public enum Sources {
    CONTACTS_MYSQL("CONTACTS_MYSQL_URL", "mysql://bench:bench@127.0.0.1:3306/contacts"),
    CONTACTS_PG("CONTACTS_PG_URL", "postgresql://bench:bench@127.0.0.1:5432/contacts"),
    LOGS_MYSQL("LOGS_MYSQL_URL", "mysql://bench:bench@127.0.0.1:3306/logs"),
    LOGS_PG("LOGS_PG_URL", "postgresql://bench:bench@127.0.0.1:5432/logs"),
    SHOP("SHOP_DB_URL", "mysql://bench:bench@127.0.0.1:3306/shop");

    public final String envVar;
    public final String defaultUrl;

    Sources(String envVar, String defaultUrl) {
        this.envVar = envVar;
        this.defaultUrl = defaultUrl;
    }

    /** The sources an app reads: the portal's four, the shop's one (none for other apps). */
    public static java.util.List<Sources> of(String app) {
        return switch (app) {
            case "portal" -> java.util.List.of(CONTACTS_MYSQL, CONTACTS_PG, LOGS_MYSQL, LOGS_PG);
            case "shop" -> java.util.List.of(SHOP);
            default -> java.util.List.of();
        };
    }

    /** contacts_mysql, …, shop: the name in proxies, metrics and pages. */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** 1 to 5, in declaration order: the digit of the source in its proxies' ports. */
    public int number() {
        return ordinal() + 1;
    }

    /** The URL this process's environment gives the source, else its default. */
    public String url() {
        return url(System.getenv());
    }

    /** The URL {@code env} gives the source (blank counts as unset), else its default. */
    public String url(Map<String, String> env) {
        String value = env.get(envVar);
        return value == null || value.isBlank() ? defaultUrl : value;
    }
}
