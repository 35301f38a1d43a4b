package lab.loadgen.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import lab.access.Mode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** instances.conf is read, never restated; hosts resolve most specific first. */
class HostResolverTest {

    private static final Path PROJECT_CONF = Path.of("../instances.conf");

    @Test
    void readsTheProjectsInstancesConf() {
        InstancesConf conf = InstancesConf.load(PROJECT_CONF);
        assertEquals(List.of("portal", "shop"), List.copyOf(conf.apps()));
        assertTrue(conf.loadTargets().stream().noneMatch(i -> i.app().equals("dashboard")));
        Instance shop = conf.ofApp("shop").getFirst();
        assertEquals("/mix", shop.loadUri());
        assertEquals("/", conf.ofApp("portal").getFirst().loadUri());
    }

    @Test
    void badLinesAreNamed(@TempDir Path tmp) throws Exception {
        Path f = tmp.resolve("instances.conf");
        Files.writeString(f, "# c\nportal-x portal jdbc notaport /h /m /\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> InstancesConf.load(f));
        assertTrue(e.getMessage().contains(":2: port 'notaport'"), e.getMessage());
    }

    @Test
    void modesAreAccessModesParsedByMode(@TempDir Path tmp) throws Exception {
        InstancesConf conf = InstancesConf.load(PROJECT_CONF);
        for (Instance i : conf.instances()) {
            assertEquals(i.app().equals("dashboard"), i.accessMode() == null, i.name());
        }
        assertEquals(Mode.NONBLOCKING, conf.ofApp("portal").stream().filter(i -> i.mode().equals(Instance.REACTIVE))
                .findFirst().orElseThrow().accessMode(), "reactive runs on nonblocking clients");
        Path f = tmp.resolve("instances.conf");
        Files.writeString(f, "portal-x portal non-blocking 8083 /h /m /\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> InstancesConf.load(f));
        assertTrue(e.getMessage().contains(":1: unknown access mode 'non-blocking'"), e.getMessage());
    }

    @Test
    void instanceThenAppThenDefault() {
        Instance i = new Instance("portal-jdbc", "portal", "jdbc", 8081, "/h", "/m", "/");
        Instance j = new Instance("portal-virtual", "portal", "virtual", 8084, "/h", "/m", "/");
        Instance s = new Instance("shop-jdbc", "shop", "jdbc", 9081, "/h", "/m", "/");
        HostResolver r = new HostResolver("127.0.0.1", Map.of("portal", "portal-box", "portal-jdbc", "10.0.0.5"));
        assertEquals("10.0.0.5", r.hostOf(i));
        assertEquals("portal-box", r.hostOf(j));
        assertEquals("127.0.0.1", r.hostOf(s));
        assertEquals("shop-jdbc", new HostResolver("{instance}", null).hostOf(s));
        assertEquals("http://shop-jdbc:9081", new HostResolver("{app}-{mode}", null).baseUrl(s));
    }
}
