package lab.loadgen.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

import lab.access.SourceUrl;
import lab.data.Sources;
import lab.loadgen.config.ComposeSources;
import lab.loadgen.config.Instance;
import lab.loadgen.config.InstancesConf;
import lab.loadgen.config.LabProxies;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The source URLs a process of the lab starts with, for the scripts that start it (scripts/lib/urls.sh):
 * its own (lab.data.Sources, from the environment), through the instance's proxies (lab.link's
 * scheme, {@link LabProxies}), with the passwords of Docker secrets. The shell never parses a URL.
 */
@Command(name = "sources", mixinStandardHelpOptions = true,
        description = {"Print the source URLs a process of the lab gets, one VAR=url per line: the instance's (every "
                + "source without one), from the environment or their defaults.",
                "With --proxy-host, each through the instance's own Toxiproxy proxy there; with --secrets, each "
                        + "with the password of DIR/mysql_password or DIR/postgres_password where readable (Docker secrets)."})
public final class SourcesCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "INSTANCE", description = "an instance of instances.conf")
    String instanceName;

    @Option(names = "--proxy-host", paramLabel = "HOST",
            description = "where the instance reaches its proxies (natively 127.0.0.1; containers: the toxiproxy service)")
    String proxyHost;

    @Option(names = "--secrets", paramLabel = "DIR", description = "Docker secrets: <engine>_password files (mysql, postgres)")
    Path secrets;

    @Option(names = "--database-prefix", paramLabel = "PREFIX",
            description = "each source's database prefixed, e.g. bench_e2e_ (make e2e's own databases)")
    String databasePrefix;

    @Option(names = "--instances", description = "instances.conf (default: found from the working directory)")
    Path instancesFile;

    @Option(names = "--compose", description = "each source as docker-compose.yml gives it to the containers: COMPOSE_<VAR> "
            + "where set, else its server at <SERVER>_ADDRESS (host:port, e.g. MYSQL_CONTACTS_ADDRESS) where set, else at "
            + "its compose service (mysql-contacts:3306, …)")
    boolean compose;

    @Option(names = "--compose-yaml", description = "print docker-compose.yml's x-sources entries (the same rule, for compose to resolve)")
    boolean composeYaml;

    @Option(names = "--write", paramLabel = "FILE", description = "with --compose-yaml: write them into FILE's x-sources "
            + "block in place (make compose-sources) instead of printing them")
    Path write;

    @Override
    public Integer call() throws IOException {
        if (write != null && !composeYaml) {
            throw new IllegalArgumentException("--write goes with --compose-yaml");
        }
        if (composeYaml && write == null) {
            System.out.print(ComposeSources.yaml());
            return 0;
        }
        if (composeYaml) {
            String was = Files.readString(write);
            String now = ComposeSources.rewrite(was);
            Files.writeString(write, now);
            System.out.println(write + (now.equals(was) ? ": x-sources already current" : ": x-sources rewritten"));
            return 0;
        }
        Map<String, String> own = compose ? ComposeSources.env(System.getenv()) : System.getenv();
        Map<String, String> given = secrets == null ? own : withSecrets(own, secrets);
        Map<String, String> env = databasePrefix == null ? given : withDatabasePrefix(given, databasePrefix);
        if (instanceName == null) {
            if (proxyHost != null) {
                throw new IllegalArgumentException("--proxy-host needs the instance whose proxies to use");
            }
            for (Sources s : Sources.values()) {
                System.out.println(s.envVar + "=" + s.url(env));
            }
            return 0;
        }
        InstancesConf conf = InstancesConf.load(InstancesConf.locate(instancesFile));
        Instance instance = conf.instances().stream().filter(i -> i.name().equals(instanceName)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown instance '" + instanceName + "' in " + conf.file()));
        Map<String, String> urls = new LinkedHashMap<>();
        if (proxyHost != null) {
            urls.putAll(new LabProxies(conf, env).urls(instance, proxyHost));
        } else {
            Sources.of(instance.app()).forEach(s -> urls.put(s.envVar, s.url(env)));
        }
        urls.forEach((var, url) -> System.out.println(var + "=" + url));
        return 0;
    }

    /** {@code env} with every source URL (its default where unset) on the database {@code prefix} + its own. */
    static Map<String, String> withDatabasePrefix(Map<String, String> env, String prefix) {
        Map<String, String> out = new HashMap<>(env);
        for (Sources s : Sources.values()) {
            SourceUrl url = SourceUrl.parse(s.url(env));
            out.put(s.envVar, url.withDatabase(prefix + url.database()).text());
        }
        return out;
    }

    /** {@code env} with each source URL it sets given the password of its engine's secret, where one is readable. */
    static Map<String, String> withSecrets(Map<String, String> env, Path dir) throws IOException {
        Map<String, String> out = new HashMap<>(env);
        for (Sources s : Sources.values()) {
            String value = env.get(s.envVar);
            if (value == null || value.isBlank()) {
                continue;
            }
            SourceUrl url = SourceUrl.parse(value);
            Path file = dir.resolve((url.engine() == SourceUrl.Engine.POSTGRESQL ? "postgres" : "mysql") + "_password");
            if (Files.isReadable(file)) {
                String password = Files.readString(file).strip();
                out.put(s.envVar, new SourceUrl(url.engine(), url.user(), password, url.host(), url.port(), url.database()).text());
            }
        }
        return out;
    }
}
