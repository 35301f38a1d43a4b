package lab.loadgen.compose;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import lab.link.LabProxy;
import lab.loadgen.config.Instance;
import lab.loadgen.config.InstancesConf;
import lab.loadgen.config.LabProxies;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The container path's shell copy of the proxy scheme (scripts/lib/urls.sh: toxiproxy_config,
 * proxied_url) says what lab.link says natively (LabProxies): the same proxies, ports and
 * upstreams, and the same URL for every instance's every source.
 */
class ProxySchemeTest {

    private static final Map<String, String> ENV = Map.of(
            "CONTACTS_MYSQL_URL", "mysql://bench:bench@mysql-contacts:3306/contacts",
            "CONTACTS_PG_URL", "postgresql://bench:bench@postgres-contacts:5432/contacts",
            "LOGS_MYSQL_URL", "mysql://bench:bench@mysql-logs:3306/logs",
            "LOGS_PG_URL", "postgresql://bench:bench@postgres-logs:5432/logs",
            "SHOP_DB_URL", "mysql://bench:bench@mysql-shop:3306/shop");

    private final InstancesConf conf = InstancesConf.load(ComposeConsistencyTest.ROOT.resolve(InstancesConf.FILE_NAME));
    private final LabProxies java = new LabProxies(conf, ENV);

    @Test
    void theShellProxiesAreLabLinks() throws Exception {
        JsonNode shell = JsonMapper.builder().build().readTree(bash("toxiproxy_config"));
        List<String> fromShell = new ArrayList<>();
        shell.forEach(p -> fromShell.add(p.get("name").asString() + " " + p.get("listen").asString() + " " + p.get("upstream").asString()));
        List<String> fromJava = java.all().stream().map(p -> p.name() + " " + p.listen() + " " + p.upstream()).toList();
        assertEquals(fromJava, fromShell);
    }

    @Test
    void theShellUrlsAreLabLinks() throws Exception {
        for (Instance instance : conf.loadTargets()) {
            Map<String, String> fromShell = new LinkedHashMap<>();
            for (String line : bash("for s in $(sources_of " + instance.app() + "); do echo \"$(source_env $s)=$(proxied_url "
                    + instance.name() + " $s)\"; done").strip().split("\n")) {
                fromShell.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
            }
            assertEquals(java.urls(instance), fromShell, instance.name());
        }
        assertEquals(LabProxy.HOST + ":18481", java.of(conf.ofApp("portal").getFirst()).get(3).listen());
    }

    private static String bash(String script) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", ". scripts/lib/instances.sh && . scripts/lib/urls.sh && " + script)
                .directory(ComposeConsistencyTest.ROOT.toFile()).redirectErrorStream(true);
        pb.environment().putAll(ENV);
        pb.environment().remove("LINK_PROXY_HOST");
        pb.environment().remove("PROXY_LISTEN_HOST");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError("bash failed: " + out);
        }
        return out;
    }
}
