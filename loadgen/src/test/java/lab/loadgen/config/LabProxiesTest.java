package lab.loadgen.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import lab.access.SourceUrl;
import lab.link.LabProxy;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The lab's proxies as the repository's instances.conf and an environment give them. */
class LabProxiesTest {

    private static final Map<String, String> ENV = Map.of(
            "LOGS_PG_URL", "postgresql://bench:p%40ss%3Aw@db.example:6543/logs",
            "SHOP_DB_URL", "mysql://bench:bench@127.0.0.1:3306/shop");

    private final InstancesConf conf = InstancesConf.load(InstancesConf.locate(null));
    private final LabProxies proxies = new LabProxies(conf, ENV);

    private Instance instance(String name) {
        return conf.instances().stream().filter(i -> i.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void onePerInstanceAndSourceOnTheDocumentedPorts() {
        List<LabProxy> portal = proxies.of(instance("portal-jdbc"));
        assertEquals(List.of("portal-jdbc--contacts_mysql", "portal-jdbc--contacts_pg", "portal-jdbc--logs_mysql", "portal-jdbc--logs_pg"),
                portal.stream().map(LabProxy::name).toList());
        assertEquals("127.0.0.1:18481", portal.get(3).listen());
        assertEquals("db.example:6543", portal.get(3).upstream(), "to the server the environment names");
        assertEquals(19583, proxies.of(instance("shop-nonblocking")).getFirst().port());
        assertEquals(List.of(), proxies.of(instance("dashboard")));
        long distinctPorts = proxies.all().stream().map(LabProxy::port).distinct().count();
        assertEquals(proxies.all().size(), distinctPorts, "no two proxies share a port");
    }

    @Test
    void anInstancesUrlsPointAtItsProxiesWithTheSameCredentials() {
        Map<String, String> urls = proxies.urls(instance("portal-virtual"), LabProxy.HOST);
        SourceUrl logs = SourceUrl.parse(urls.get("LOGS_PG_URL"));
        assertEquals(new SourceUrl(SourceUrl.Engine.POSTGRESQL, "bench", "p@ss:w", "127.0.0.1", 18484, "logs"), logs);
        assertEquals(4, urls.size());
        assertEquals(Map.of("SHOP_DB_URL", "mysql://bench:bench@127.0.0.1:19584/shop"), proxies.urls(instance("shop-virtual"), LabProxy.HOST));
        assertEquals(Map.of("SHOP_DB_URL", "mysql://bench:bench@toxiproxy:19584/shop"),
                proxies.urls(instance("shop-virtual"), "toxiproxy"), "in a container: the toxiproxy service");
    }

    @Test
    void toxiproxysConfigFileHoldsEveryProxyOnTheListenHost() {
        JsonNode config = JsonMapper.builder().build().readTree(proxies.toxiproxyConfig("0.0.0.0"));
        assertEquals(proxies.all().size(), config.size());
        JsonNode logs = config.get(3);
        assertEquals("portal-jdbc--logs_pg", logs.get("name").asString());
        assertEquals("0.0.0.0:18481", logs.get("listen").asString());
        assertEquals("db.example:6543", logs.get("upstream").asString());
        assertTrue(logs.get("enabled").asBoolean());
    }
}
