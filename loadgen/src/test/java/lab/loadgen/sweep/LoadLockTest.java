package lab.loadgen.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadLockTest {

    @Test
    void aSecondLoadTestIsRefusedWhileOneRunsAndNamesIt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("load.lock");
        try (LoadLock first = LoadLock.acquire(file, "sweep --profile map")) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> LoadLock.acquire(file, "faults"));
            assertTrue(e.getMessage().contains("PID " + ProcessHandle.current().pid() + ", sweep --profile map"), e.getMessage());
        }
        LoadLock.acquire(file, "faults").close(); // released: the next one runs
        assertEquals("rw-rw-rw-", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)),
                "any user of the machine can take it next");
    }
}
