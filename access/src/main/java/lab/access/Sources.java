package lab.access;

import java.util.Map;

/** The five sources of DESIGN.md, read from env vars with their local-only defaults. */
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

    public SourceUrl url() {
        return url(System.getenv());
    }

    public SourceUrl url(Map<String, String> env) {
        String value = env.get(envVar);
        return SourceUrl.parse(value == null || value.isBlank() ? defaultUrl : value);
    }
}
