package lab.loadgen.compose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.loadgen.config.ComposeSources;
import lab.loadgen.config.Instance;
import lab.loadgen.config.InstancesConf;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The container path and the native path describe one lab: docker-compose.yml must agree with
 * instances.conf (names, modes, ports) and with docs/DESIGN.md (env names, ports). The YAML checked
 * is what `docker-compose config` resolves, so the file is validated by compose itself first.
 */
class ComposeConsistencyTest {

    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    static final Set<String> DATABASES = Set.of("mysql-contacts", "mysql-logs", "mysql-shop", "postgres-contacts", "postgres-logs");
    static final Set<String> TOOLS = Set.of("db-seed", "loadgen", "toxiproxy");

    static Map<String, Map<String, Object>> services;
    static Map<String, Object> volumes;
    static InstancesConf conf;

    @BeforeAll
    @SuppressWarnings("unchecked")
    static void resolveComposeFile() throws Exception {
        conf = InstancesConf.load(ROOT.resolve("instances.conf"));
        Map<String, Object> compose = new Yaml().load(dockerComposeConfig(ROOT.resolve("docker-compose.yml")));
        services = (Map<String, Map<String, Object>>) compose.get("services");
        volumes = (Map<String, Object>) compose.get("volumes");
    }

    /** `docker-compose config` validates and resolves anchors, merges and ${VARS}. */
    static String dockerComposeConfig(Path... files) throws IOException, InterruptedException {
        return dockerComposeConfig(Map.of(), files);
    }

    static String dockerComposeConfig(Map<String, String> env, Path... files) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("docker-compose"));
        for (Path f : files) {
            command.addAll(List.of("-f", f.toString()));
        }
        command.add("config");
        Process p;
        try {
            ProcessBuilder pb = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true);
            pb.environment().putAll(env);
            p = pb.start();
        } catch (IOException e) {
            assumeTrue(false, "docker-compose is not installed (make test installs it: scripts/tools.sh)");
            throw e;
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "docker-compose config finished");
        assertEquals(0, p.exitValue(), "docker-compose config rejects the file:\n" + out);
        return out;
    }

    @Test
    void everyInstanceIsAServiceWithItsModeAndPort() {
        for (Instance i : conf.instances()) {
            Map<String, Object> service = services.get(i.name());
            assertTrue(service != null, "instances.conf has " + i.name() + " but docker-compose.yml has no such service");
            assertTrue(publishedPorts(service).contains(i.port() + ":" + i.port()),
                    i.name() + " publishes " + publishedPorts(service) + ", instances.conf says " + i.port());
            Map<String, String> env = environment(service);
            switch (i.app()) {
                case "portal" -> {
                    assertEquals(i.mode(), env.get("PORTAL_MODE"), i.name());
                    assertEquals(String.valueOf(i.port()), env.get("SERVER_PORT"), i.name());
                }
                case "shop" -> {
                    assertEquals(i.mode(), env.get("SHOP_MODE"), i.name());
                    assertEquals(String.valueOf(i.port()), env.get("SHOP_PORT"), i.name());
                }
                default -> { }
            }
        }
    }

    @Test
    void noServiceOutsideInstancesConfDatabasesAndTools() {
        Set<String> known = new TreeSet<>(DATABASES);
        known.addAll(TOOLS);
        conf.instances().forEach(i -> known.add(i.name()));
        Set<String> extra = new TreeSet<>(services.keySet());
        extra.removeAll(known);
        assertEquals(Set.of(), extra, "services that neither instances.conf nor the database list knows");
    }

    @Test
    void databasesArePinnedHealthCheckedAndOnNamedVolumes() {
        for (String db : DATABASES) {
            Map<String, Object> service = services.get(db);
            assertTrue(service != null, "missing database service " + db);
            String image = (String) service.get("image");
            boolean mysql = db.startsWith("mysql");
            // the native lab's servers (Debian 12's, as scripts/db.sh installs them), built by scripts/images/build.sh
            assertEquals(mysql ? "asyncdb-lab/local-mariadb:10.11" : "asyncdb-lab/local-postgres:15", image, db + " image");
            assertTrue(service.containsKey("healthcheck"), db + " has a health check");
            String volume = String.valueOf(service.get("volumes"));
            // the lab's settings: the one copy that scripts/db.sh installs natively, no options of its own
            String settings = mysql ? "scripts/db/mariadb.cnf" : "scripts/db/postgresql.conf";
            assertTrue(volume.contains(settings), db + " mounts " + settings + ": " + volume);
            assertFalse(service.containsKey("command"), db + " sets no server options of its own: " + service.get("command"));
            assertTrue(volumes.containsKey(db) && volume.contains(db), db + " keeps its data on the named volume " + db);
        }
    }

    @Test
    void appsGetTheSourceUrlsOfDesignAndWaitForTheSeed() throws IOException {
        Set<String> envNames = designEnvNames();
        for (Instance i : conf.instances()) {
            if (i.app().equals("portal") || i.app().equals("shop")) {
                Map<String, Object> service = services.get(i.name());
                assertTrue(environment(service).keySet().containsAll(envNames),
                        i.name() + " lacks some of " + envNames + ": " + environment(service).keySet());
                assertTrue(String.valueOf(service.get("depends_on")).contains("service_completed_successfully"),
                        i.name() + " waits for db-seed to complete");
            }
        }
        assertTrue(environment(services.get("db-seed")).keySet().containsAll(envNames), "db-seed gets every source URL");
    }

    /** The source URLs have one owner: docker-compose.yml's are what lab.loadgen.config.ComposeSources writes. */
    @Test
    void theSourcesUrlsAreWhatComposeSourcesWrites() throws IOException {
        String file = Files.readString(ROOT.resolve("docker-compose.yml"));
        assertEquals(ComposeSources.rewrite(file), file, "docker-compose.yml's x-sources must hold, verbatim, what "
                + "`loadgen sources --compose-yaml` prints: run make compose-sources");
        Matcher urls = Pattern.compile("(?m)^\\s+(" + java.util.stream.Stream.of(lab.data.Sources.values())
                .map(src -> src.envVar).collect(java.util.stream.Collectors.joining("|")) + "): ").matcher(file);
        int count = 0;
        while (urls.find()) {
            count++;
        }
        assertEquals(5, count, "no other service repeats a source URL");
    }

    @Test
    void portsAgreeWithDesign() throws IOException {
        String design = design();
        for (Instance i : conf.instances()) {
            assertTrue(design.contains(String.valueOf(i.port())), "DESIGN.md names port " + i.port() + " of " + i.name());
        }
    }

    @Test
    void portsArePublishedOnLoopbackOnly() {
        services.forEach((name, service) -> ports(service).forEach(p ->
                assertEquals("127.0.0.1", p[0], name + " publishes " + p[1] + " on " + p[0] + " (BIND unset must mean loopback)")));
    }

    @Test
    void shopInstancesMayOpenTenThousandConnections() {
        for (Instance i : conf.ofApp("shop")) {
            String ulimits = String.valueOf(services.get(i.name()).get("ulimits"));
            assertTrue(ulimits.contains("65536"), i.name() + " raises nofile: " + ulimits);
        }
    }

    @Test
    void loadgenRunsOnlyOnRequestAndWritesResults() {
        Map<String, Object> loadgen = services.get("loadgen");
        assertEquals(List.of("loadgen"), loadgen.get("profiles"));
        assertTrue(String.valueOf(loadgen.get("volumes")).contains("/results"));
        assertTrue(String.valueOf(services.get("dashboard").get("volumes")).contains("/results"));
    }

    @Test
    void remoteDatabaseOverrideIsValid() throws Exception {
        Map<String, Object> merged = new Yaml().load(dockerComposeConfig(
                ROOT.resolve("docker-compose.yml"), ROOT.resolve("docker-compose.remote-db.yml")));
        assertTrue(String.valueOf(merged).contains("sleep 2147483647"), "databases become placeholders");
    }

    /**
     * RUNTIME=swarm: a database server runs on the node of its own role label when scripts/runtime/swarm.sh
     * found one (its {@code <SERVER>_ROLE} is the server's name), else on the db node; the servers
     * it places are the database services of docker-compose.yml.
     */
    @Test
    @SuppressWarnings("unchecked")
    void swarmPlacesEachDatabaseServerByItsOwnLabelOrOnTheDbNode() throws Exception {
        Matcher listed = Pattern.compile("(?m)^DB_SERVERS=\"([^\"]+)\"").matcher(Files.readString(ROOT.resolve("scripts/lib/server-ports.sh")));
        assertTrue(listed.find(), "server-ports.sh lists DB_SERVERS");
        assertEquals(DATABASES, Set.of(listed.group(1).split(" ")), "server-ports.sh's DB_SERVERS are the database services");
        Map<String, Map<String, Object>> swarm = swarmServices();
        for (String server : DATABASES) {
            Map<String, Object> placement = (Map<String, Object>) ((Map<String, Object>) swarm.get(server).get("deploy")).get("placement");
            String role = server.equals("mysql-shop") ? server : "db";
            assertEquals(List.of("node.labels.asyncdb.role." + role + " == true"), placement.get("constraints"), server);
        }
    }

    /** No health check passes a password as an argument (mysqladmin -p…): any process on the host may read those. */
    @Test
    void healthChecksPassNoPasswordAsAnArgument() throws Exception {
        Pattern passwordArgument = Pattern.compile("(^|[\\s,\\[])(-p\\S|--password)");
        for (Map<String, Map<String, Object>> file : List.of(services, swarmServices())) {
            file.forEach((name, service) -> {
                String check = String.valueOf(service.get("healthcheck"));
                assertTrue(!passwordArgument.matcher(check).find(), name + "'s health check has a password argument: " + check);
            });
        }
        assertTrue(String.valueOf(services.get("mysql-shop").get("healthcheck")).contains("MYSQL_PWD"), "the check still logs in");
    }

    /**
     * On a swarm the passwords are secrets: the instances, the seed and the loadgen task (which counts
     * and kills the lab user's sessions for make faults) get them, the dashboard, which serves pages, does not.
     */
    @Test
    void swarmGivesThePasswordsToWhatLogsInAndNotToTheDashboard() throws Exception {
        Map<String, Map<String, Object>> swarm = swarmServices();
        for (String name : List.of("portal-jdbc", "shop-nonblocking", "db-seed", "loadgen")) {
            String secrets = String.valueOf(swarm.get(name).get("secrets"));
            assertTrue(secrets.contains("mysql_password") && secrets.contains("postgres_password") && secrets.contains("db_tls_ca"),
                    name + " gets the passwords and the servers' CA: " + secrets);
        }
        assertTrue(!String.valueOf(swarm.get("dashboard").get("secrets")).contains("password"), "the dashboard gets no password");
    }

    @Test
    void onASwarmOnlyToxiproxyGetsACapabilityAndItsApiAnswersTheLoadHostAlone() throws Exception {
        var swarm = swarmServices();
        swarm.forEach((name, svc) -> {
            if (name.equals("toxiproxy")) {
                assertEquals("[NET_ADMIN]", String.valueOf(svc.get("cap_add")), "the socket filter's attach needs it");
                assertTrue(String.valueOf(svc.get("command")).contains("-api-allow=10.0.0.3"), String.valueOf(svc.get("command")));
            } else {
                assertEquals(null, svc.get("cap_add"), name + " gets no capability");
            }
        });
    }

    /** docker-compose.yml with docker-compose.swarm.yml, as scripts/runtime/swarm.sh merges them (mysql-shop on a node of its own). */
    @SuppressWarnings("unchecked")
    static Map<String, Map<String, Object>> swarmServices() throws IOException, InterruptedException {
        // what scripts/runtime/swarm.sh sets: each role's and each server's own address to bind (10.0.0.x: no 0.0.0.0)
        Map<String, String> env = new java.util.HashMap<>(Map.of("SWARM_SECRETS", "/run/none", "APP_BIND", "10.0.0.2",
                "LOAD_BIND", "10.0.0.3", "TOXIPROXY_API_BIND", "10.0.0.1", "TOXIPROXY_API_ALLOW", "10.0.0.3"));
        for (String server : DATABASES) {
            String prefix = server.toUpperCase().replace('-', '_');
            env.put(prefix + "_ROLE", server.equals("mysql-shop") ? server : "db");
            env.put(prefix + "_PORT", "1");
            env.put(prefix + "_BIND", "10.0.0.1");
        }
        Map<String, Object> merged = new Yaml().load(dockerComposeConfig(env,
                ROOT.resolve("docker-compose.yml"), ROOT.resolve("docker-compose.swarm.yml")));
        return (Map<String, Map<String, Object>>) merged.get("services");
    }

    static Set<String> designEnvNames() throws IOException {
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile("\\| `([A-Z_]+_URL)` \\|").matcher(design());
        while (m.find()) {
            names.add(m.group(1));
        }
        assertEquals(5, names.size(), "DESIGN.md's Data table names five source URLs: " + names);
        return names;
    }

    static String design() throws IOException {
        return Files.readString(ROOT.resolve("docs/DESIGN.md"));
    }

    /** "published:target" of each port, whichever form compose prints (long, or host_ip:published:target/proto). */
    static List<String> publishedPorts(Map<String, Object> service) {
        return ports(service).stream().map(p -> p[1] + ":" + p[2]).toList();
    }

    /** Each port as {host_ip, published, target}. */
    @SuppressWarnings("unchecked")
    static List<String[]> ports(Map<String, Object> service) {
        List<String[]> ports = new ArrayList<>();
        for (Object p : (List<Object>) service.getOrDefault("ports", List.of())) {
            if (p instanceof Map<?, ?> m) {
                ports.add(new String[] {String.valueOf(m.get("host_ip")), String.valueOf(m.get("published")), String.valueOf(m.get("target"))});
            } else {
                String[] parts = String.valueOf(p).replaceFirst("/\\w+$", "").split(":");
                ports.add(parts.length == 3 ? parts : new String[] {"null", parts[0], parts[parts.length - 1]});
            }
        }
        return ports;
    }

    @SuppressWarnings("unchecked")
    static Map<String, String> environment(Map<String, Object> service) {
        Map<String, String> env = new java.util.HashMap<>();
        ((Map<String, Object>) service.getOrDefault("environment", Map.of())).forEach((k, v) -> env.put(k, String.valueOf(v)));
        return env;
    }
}
