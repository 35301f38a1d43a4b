package lab.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    void aLabAtLanIsCalibratedOncePerServerAndEveryProxyToItGetsTheSameToxic(@TempDir Path runDir) {
        LinkProxy a1 = server.api().proxy("a--one", "127.0.0.1:0", "127.0.0.1:9");
        LinkProxy a2 = server.api().proxy("b--one", "127.0.0.1:0", "127.0.0.1:9");
        LinkProxy b = server.api().proxy("a--two", "127.0.0.1:0", "127.0.0.1:7");
        List<String> calibrated = new ArrayList<>();
        LabLink.change(server.api(), runDir, Link.LAN, (proxy, link) -> {
            calibrated.add(proxy.name());
            // server ...:9 has a slower hop than ...:7
            double hop = proxy.upstream().endsWith(":9") ? 0.05 : 0.01;
            return LinkCalibration.calibrate(proxy, link, () -> hop + (proxy.rttMs() > 0 ? 0.04 + proxy.rttMs() : 0));
        });
        assertEquals(List.of("a--one", "a--two"), calibrated, "one calibration per server");
        assertEquals(0.1, a1.rttMs(), 0.001);
        assertEquals(0.1, a2.rttMs(), 0.001, "same server, same toxic");
        assertEquals(0.14, b.rttMs(), 0.001);
        assertEquals(Link.LAN, LinkFile.read(runDir).orElseThrow(), "recorded as asked");
        var added = LinkFile.calibrated(runDir);
        assertEquals(java.util.Set.of("one", "two"), added.keySet(), "what each server's calibration measured, by the source of the proxy calibrated");
        assertEquals(0.19, added.get("one"), 1e-9);
        assertEquals(0.19, added.get("two"), 1e-9);
        a1.delete();
        a2.delete();
        b.delete();
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

    @Test
    void readingsTakenWhileTheMachineStallsDoNotSetTheToxic() {
        LinkProxy proxy = server.api().proxy("stalled", "127.0.0.1:0", "127.0.0.1:9");
        // 0.04 ms of hop and 0.02 of timer lateness; the first reading of the bare hop and the first
        // step's come 0.08 ms late: with means the search ended at a toxic of 0.103 and +0.163 ms
        int[] call = {0};
        LinkCalibration.Result r = LinkCalibration.calibrate(proxy, Link.LAN, 0.03, () -> {
            int n = call[0]++;
            double stall = n == 0 || n == LinkCalibration.HOP_READINGS ? 0.08 : 0;
            return stall + 0.04 + (proxy.rttMs() > 0 ? 0.02 + proxy.rttMs() : 0);
        });
        assertEquals(0.04, r.hopMs(), 1e-9, "the median of the bare hop's readings");
        assertEquals(0.13, r.toxicMs(), 0.001);
        assertTrue(r.within(0.015), "added " + r.addedMs());
        proxy.delete();
    }
}
