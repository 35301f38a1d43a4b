package lab.loadgen.config;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import lab.access.SourceUrl;
import lab.data.Sources;

/**
 * The five sources as the compose files give them to their containers (docker-compose.yml's
 * {@code x-sources}, which {@link #yaml()} writes): {@code COMPOSE_<VAR>} where the user sets it (servers
 * of their own, docker-compose.remote-db.yml), else the source's server at {@code <SERVER>_ADDRESS}
 * (host:port; a swarm's db nodes, the ports compose publishes on the host) where set, else at its
 * compose service on the engine's port. The server of a source is named engine-database
 * (mysql-contacts, postgres-logs, …), as the compose files name the services.
 */
public final class ComposeSources {

    private ComposeSources() {
    }

    /** mysql-contacts, postgres-contacts, mysql-logs, postgres-logs, mysql-shop: the compose service. */
    public static String server(Sources s) {
        SourceUrl d = SourceUrl.parse(s.defaultUrl);
        return (d.engine() == SourceUrl.Engine.POSTGRESQL ? "postgres" : "mysql") + "-" + d.database();
    }

    /** MYSQL_CONTACTS_ADDRESS, …: where the source's server is, host:port (scripts/lib/server-ports.sh). */
    public static String addressVar(Sources s) {
        return server(s).toUpperCase(Locale.ROOT).replace('-', '_') + "_ADDRESS";
    }

    /** COMPOSE_CONTACTS_MYSQL_URL, …: the user's own URL for the source. */
    public static String userVar(Sources s) {
        return "COMPOSE_" + s.envVar;
    }

    /** The source's URL as compose resolves docker-compose.yml's x-sources in {@code env} (blank counts as unset). */
    public static String url(Sources s, Map<String, String> env) {
        String own = env.get(userVar(s));
        if (own != null && !own.isBlank()) {
            return own;
        }
        SourceUrl d = SourceUrl.parse(s.defaultUrl);
        String address = env.get(addressVar(s));
        if (address == null || address.isBlank()) {
            return d.at(server(s), d.engine().defaultPort).text();
        }
        int colon = address.lastIndexOf(':');
        try {
            return d.at(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1))).text();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(addressVar(s) + "='" + address + "': expected host:port");
        }
    }

    /** {@code env} with every source's URL as compose gives it to the containers. */
    public static Map<String, String> env(Map<String, String> env) {
        Map<String, String> out = new java.util.HashMap<>(env);
        for (Sources s : Sources.values()) {
            out.put(s.envVar, url(s, env));
        }
        return out;
    }

    /** The line that opens the entries in docker-compose.yml. */
    static final String BLOCK = "x-sources: &sources\n";

    /**
     * {@code compose} (docker-compose.yml's text) with the source entries under {@link #BLOCK} replaced by
     * {@link #yaml()}, after the block's other entries (the CA): make compose-sources, after a source's
     * default changes in lab.data.Sources.
     */
    public static String rewrite(String compose) {
        int start = compose.indexOf(BLOCK);
        if (start < 0) {
            throw new IllegalArgumentException("no '" + BLOCK.strip() + "' line to rewrite");
        }
        int from = start + BLOCK.length();
        int to = from;
        StringBuilder others = new StringBuilder();
        while (to < compose.length() && compose.startsWith("  ", to)) {
            int eol = compose.indexOf('\n', to);
            int next = eol < 0 ? compose.length() : eol + 1;
            String line = compose.substring(to, next);
            if (Stream.of(Sources.values()).noneMatch(s -> line.startsWith("  " + s.envVar + ":"))) {
                others.append(line);
            }
            to = next;
        }
        return compose.substring(0, from) + others + yaml() + compose.substring(to);
    }

    /** docker-compose.yml's x-sources entries, one line each (ComposeConsistencyTest holds the file to them). */
    public static String yaml() {
        return Stream.of(Sources.values()).map(s -> {
            SourceUrl d = SourceUrl.parse(s.defaultUrl);
            String url = d.engine().scheme + "://" + d.user() + ":" + d.password() + "@${" + addressVar(s) + ":-" + server(s)
                    + ":" + d.engine().defaultPort + "}/" + d.database();
            return "  " + s.envVar + ": ${" + userVar(s) + ":-" + url + "}";
        }).collect(Collectors.joining("\n", "", "\n"));
    }
}
