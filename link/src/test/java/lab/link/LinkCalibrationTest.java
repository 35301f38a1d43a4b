package lab.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The calibration's search, on a real private toxiproxy-server: the "measured" round trip is the
 * toxic the server really holds plus a fixed overhead (the hop and the timer's lateness), so the
 * outcome is known exactly.
 */
class LinkCalibrationTest {

    private static ToxiproxyServer server;

    @BeforeAll
    static void start() {
        server = ToxiproxyServer.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theToxicIsTheLinkMinusWhatTheProxyAddsOnItsOwn() {
        LinkProxy proxy = server.api().proxy("calibrated", "127.0.0.1:0", "127.0.0.1:9");
        // 0.03 ms of hop, and 0.04 ms more of timer lateness once a toxic is in force
        LinkCalibration.Result r = LinkCalibration.calibrate(proxy, Link.LAN, 0.03,
                () -> 0.03 + (proxy.rttMs() > 0 ? 0.04 + proxy.rttMs() : 0));
        assertEquals(0.03, r.hopMs(), 1e-9);
        assertEquals(0.12, r.toxicMs(), 0.001);
        assertEquals(0.12, proxy.rttMs(), 0.001, "the toxic the server holds");
        assertTrue(r.within(0.015), "added " + r.addedMs());
        assertEquals(0.19, r.addedMs(), 0.015);
        proxy.delete();
    }

    @Test
    void aHopSlowerThanTheLinkLeavesNoToxicAndSaysSo() {
        LinkProxy proxy = server.api().proxy("too-slow", "127.0.0.1:0", "127.0.0.1:9");
        LinkCalibration.Result r = LinkCalibration.calibrate(proxy, Link.LAN, 0.03, () -> 0.3 + proxy.rttMs());
        assertEquals(0, r.toxicMs());
        assertEquals(0, proxy.rttMs());
        assertFalse(r.within(0.03));
        proxy.delete();
    }
}
