package lab.seed;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import lab.access.SourceUrl;
import lab.access.SourceUrl.Engine;
import lab.data.Sources;
import picocli.CommandLine.Command;

/**
 * {@code db-seed servers}: the database servers the five sources name, and the user and databases
 * each needs, for scripts/db.sh ({@code make db}), so that the shell neither repeats the sources'
 * defaults nor parses their URLs. One line per server, fields separated by {@link #SEPARATOR}:
 * engine, host, port, user, password, databases (space separated).
 */
@Command(name = "servers", mixinStandardHelpOptions = true,
        description = {"Prints the database servers the sources name, one line each, for scripts/db.sh:",
                "engine, host, port, user, password, databases, separated by the unit separator (0x1F)."})
final class ServersCommand implements Callable<Integer> {

    /** ASCII unit separator: not whitespace, so that bash's read keeps an empty password as a field. */
    static final char SEPARATOR = '\u001f';

    /** One server with the user the sources log in as and the databases they read. */
    record Server(Engine engine, String host, int port, String user, String password, Set<String> databases) {

        String line() {
            List<String> fields = List.of(engine.scheme, host, Integer.toString(port), user, password,
                    String.join(" ", databases));
            for (String field : fields) {
                if (field.indexOf(SEPARATOR) >= 0 || field.indexOf('\n') >= 0 || field.indexOf('\r') >= 0) {
                    throw new IllegalArgumentException("the " + engine.scheme + " URL for " + host + ":" + port
                            + " has a control character (line break or 0x1F) in its host, user or password");
                }
            }
            return String.join(String.valueOf(SEPARATOR), fields);
        }
    }

    @Override
    public Integer call() {
        plan(System.getenv()).forEach(s -> System.out.println(s.line()));
        return 0;
    }

    /**
     * The servers of the sources {@code env} names, in the sources' order. An engine no source
     * uses still gets its default server (the tests run on both engines), and every engine gets a
     * shop database: the shop runs on either.
     */
    static List<Server> plan(Map<String, String> env) {
        Map<List<Object>, Server> servers = new LinkedHashMap<>();
        for (Sources source : Sources.values()) {
            SourceUrl url = SourceUrl.parse(source.url(env));
            server(servers, url).databases().add(url.database());
        }
        for (Engine engine : Engine.values()) {
            if (servers.values().stream().noneMatch(s -> s.engine() == engine)) {
                server(servers, Arrays.stream(Sources.values()).map(s -> SourceUrl.parse(s.defaultUrl))
                        .filter(u -> u.engine() == engine).findFirst().orElseThrow());
            }
            if (servers.values().stream().noneMatch(s -> s.engine() == engine && s.databases().contains("shop"))) {
                servers.values().stream().filter(s -> s.engine() == engine).findFirst()
                        .ifPresent(s -> s.databases().add("shop"));
            }
        }
        return new ArrayList<>(servers.values());
    }

    /** The server {@code url} logs in to, as that user, with no database yet the first time. */
    private static Server server(Map<List<Object>, Server> servers, SourceUrl url) {
        return servers.computeIfAbsent(List.of(url.engine(), url.host(), url.port(), url.user(), url.password()),
                k -> new Server(url.engine(), url.host(), url.port(), url.user(), url.password(), new LinkedHashSet<>()));
    }
}
