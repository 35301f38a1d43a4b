package lab.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LinkFileTest {

    @Test
    void recordedLinkReadsBackAndOtherUsersMayReadIt(@TempDir Path runDir) throws Exception {
        LinkFile.write(runDir, Link.WAN);

        assertEquals(Link.WAN, LinkFile.read(runDir).orElseThrow());
        // in containers the apps read the file as another user than loadgen, which wrote it
        assertTrue(Files.getPosixFilePermissions(runDir.resolve(LinkFile.NAME)).contains(PosixFilePermission.OTHERS_READ));
        assertTrue(LinkFile.calibrated(runDir).isEmpty(), "a link that was not calibrated");
    }

    @Test
    void aCalibratedLinkRecordsWhatItAddsPerServer(@TempDir Path runDir) {
        LinkFile.write(runDir, Link.LAN, java.util.Map.of("contacts_mysql", 0.192, "contacts_pg", 0.18));

        assertEquals(Link.LAN, LinkFile.read(runDir).orElseThrow());
        assertEquals(java.util.Map.of("contacts_mysql", 0.192, "contacts_pg", 0.18), LinkFile.calibrated(runDir));
    }
}
