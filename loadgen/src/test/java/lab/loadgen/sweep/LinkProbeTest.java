package lab.loadgen.sweep;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;

import lab.access.SourceUrl;
import lab.data.Sources;
import lab.link.LinkProxy;
import lab.link.ToxiproxyServer;

/** The link probe times SELECT 1 through an instance's proxy, on a connection of its own made through the access API. */
class LinkProbeTest {

    @Test
    void timesTheRoundTripThroughTheInstancesProxy() {
        SourceUrl real = SourceUrl.parse(Sources.CONTACTS_MYSQL.url());
        try (ToxiproxyServer server = ToxiproxyServer.start()) {
            LinkProxy proxy = server.api().proxy("probe-test--contacts_mysql", "127.0.0.1:0", real.host() + ":" + real.port());
            proxy.rtt(30);
            Optional<Double> ms = new LinkProbe(server.api()).measure("probe-test");
            assertTrue(ms.isPresent(), "no measurement through " + proxy.listen());
            assertTrue(ms.get() >= 25, "a 30 ms link measured " + ms.get() + " ms");
            assertTrue(new LinkProbe(server.api()).measure("no-such-instance").isEmpty(), "an instance without proxies");
        }
    }
}
