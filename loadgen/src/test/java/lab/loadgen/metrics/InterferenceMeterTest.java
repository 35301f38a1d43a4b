package lab.loadgen.metrics;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lab.report.results.Interference;

/** The CPU meter on this machine's real /proc, with a real busy process standing in for an instance. */
class InterferenceMeterTest {

    @Test
    void aBusyInstanceIsChargedItsOwnCpu(@TempDir Path pids) throws Exception {
        Process spin = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        try {
            Files.writeString(pids.resolve("portal-jdbc.pid"), Long.toString(spin.pid()));
            InterferenceMeter meter = new InterferenceMeter(pids, "portal-jdbc");
            InterferenceMeter.Mark mark = meter.start();
            Thread.sleep(1000);
            Interference i = meter.stop(mark, 0.0);
            assertNotNull(i, "/proc is readable here");
            assertNotNull(i.instanceCpuPct());
            // a shell spinning for a second: most of a core, whatever else runs on two cores
            assertTrue(i.instanceCpuPct() > 20, "instance " + i.instanceCpuPct() + " % of a core");
            assertTrue(i.machineBusyPct() >= i.instanceCpuPct() - 5, i.toString());
            assertNull(i.detail(), "measured");
        } finally {
            spin.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void withoutPidFilesTheFigureIsUnmeasuredNotAFlag(@TempDir Path pids) throws Exception {
        Process spin = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        try {
            InterferenceMeter meter = new InterferenceMeter(pids.resolve("none"), "portal-jdbc");
            InterferenceMeter.Mark mark = meter.start();
            Thread.sleep(500);
            Interference i = meter.stop(mark, 0.0);
            assertFalse(i.flagged(), "a busy machine whose lab processes cannot be told apart is not flagged: " + i);
            assertTrue(i.detail().startsWith("unmeasured"), i.detail());
            assertTrue(i.unaccountedCpuPct() > 20, "the spinning shell lands in the rest: " + i);
        } finally {
            spin.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void machineBusyTimeOnlyGrows() throws Exception {
        Double before = ProcCpu.machineBusySec();
        Thread.sleep(50);
        Double after = ProcCpu.machineBusySec();
        assertNotNull(before);
        assertTrue(after >= before);
        assertNotNull(ProcCpu.processSec(ProcessHandle.current().pid()));
        assertNull(ProcCpu.processSec(Long.MAX_VALUE), "a process that does not exist");
    }
}
