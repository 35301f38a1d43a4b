package lab.loadgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lab.link.LinkFile;
import lab.link.LinkProxy;
import lab.link.ToxiproxyServer;
import lab.loadgen.sweep.LinkControl;

/**
 * PROFILE=latency's link switch against a real toxiproxy-server in front of the servers of
 * {@code make db}: every proxy gets the RTT, a sub-millisecond one calibrated, and it is recorded.
 */
class SweepLinkTest {

    @Test
    void setsTheRttOnEveryProxyAndRecordsIt(@TempDir Path runDir) throws Exception {
        try (ToxiproxyServer server = ToxiproxyServer.start()) {
            LinkProxy a = server.api().proxy("portal-jdbc--contacts_mysql", "127.0.0.1:0", "127.0.0.1:3306");
            LinkProxy b = server.api().proxy("portal-jdbc--logs_pg", "127.0.0.1:0", "127.0.0.1:5432");
            LinkControl link = SweepLink.control(server.api(), runDir);
            link.setRttMs(78);
            assertTrue(link.calibrated().isEmpty(), "78 ms is not calibrated");
            assertEquals(78, server.api().existing(a.name()).rttMs());
            assertEquals(78, server.api().existing(b.name()).rttMs());
            assertEquals(78.0, LinkFile.read(runDir).orElseThrow().rttMs());
            link.setRttMs(0);
            assertEquals(0, server.api().existing(a.name()).rttMs());
            link.setRttMs(0.2);
            assertEquals(0.2, LinkFile.read(runDir).orElseThrow().rttMs(), "asked sub-millisecond RTT is recorded as asked");
            // calibrated against the real servers (make db): what is set is the link less the hop, never a whole ms
            assertTrue(server.api().existing(a.name()).rttMs() < 1 && server.api().existing(b.name()).rttMs() < 1, "calibrated toxics");
            assertEquals(java.util.Set.of("contacts_mysql", "logs_pg"), link.calibrated().keySet(), "what each server's calibration measured");
        }
    }
}
