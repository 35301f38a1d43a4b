package lab.portal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.access.ProxiedSource;
import lab.access.SourceUrl;
import org.junit.jupiter.api.Test;

/**
 * A source behind a real Toxiproxy proxy really goes through it, the page and
 * /actuator/prometheus show the round trip measured through it, and a proxy that is removed
 * gives the normal "source unavailable" panel within the page timeout, not a hang.
 */
class LinkTest {

    private static final Pattern RTT = Pattern.compile("data-rtt-source=\"([a-z_]+)\" data-rtt-ms=\"([0-9.]*)\"");

    @Test
    void measuredRoundTripThroughTheProxyAndRemovedProxyFailsThePanel() throws Exception {
        PortalSource far = PortalSource.CONTACTS_MYSQL;
        SourceUrl real = TestDatabases.urls().get(far);
        try (ProxiedSource proxy = new ProxiedSource(real);
             Portal portal = Portal.start(Serving.valueOf("jdbc"), Map.of(TestDatabases.property(far), TestDatabases.text(proxy.via(real))))) {
            long before = proxy.proxy().bytes();
            ServingsTest.assertFilled(portal.get("/?seed=5").page());
            proxy.cut(); // Toxiproxy counts a connection's bytes when it closes
            assertThat(proxy.proxy().bytes()).as("bytes through the proxy").isGreaterThan(before);
            proxy.restore();

            proxy.latency(20);
            Map<String, Double> rtt = Map.of();
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (System.nanoTime() < deadline) { // a scrape refreshes probes older than 5 s
                portal.get("/actuator/prometheus");
                rtt = rtts(portal.get("/?seed=5").body());
                if (rtt.getOrDefault("contacts_mysql", 0.0) >= 15) {
                    break;
                }
                Thread.sleep(500);
            }
            assertThat(rtt.get("contacts_mysql")).as("measured through a 20 ms link: %s", rtt).isBetween(15.0, 200.0);
            assertThat(rtt.get("logs_pg")).as("a direct source: %s", rtt).isLessThan(15.0);
            assertThat(portal.get("/actuator/prometheus").body()).contains("lab_link_rtt_ms{").contains("source=\"contacts_mysql\"");

            proxy.proxy().delete();
            Portal.Response gone = portal.get("/?seed=5");
            assertThat(gone.status()).isEqualTo(200);
            assertThat(gone.took()).isLessThan(Portal.PAGE_TIMEOUT.multipliedBy(2));
            assertThat(gone.page().panels().get(far.id()).ok()).isFalse();
            assertThat(gone.page().panels().values().stream().filter(PageData.PanelData::ok).count()).isEqualTo(3);
        }
    }

    private static Map<String, Double> rtts(String html) {
        Map<String, Double> ms = new java.util.HashMap<>();
        for (Matcher m = RTT.matcher(html); m.find(); ) {
            ms.put(m.group(1), m.group(2).isEmpty() ? Double.NaN : Double.parseDouble(m.group(2)));
        }
        return ms;
    }
}
