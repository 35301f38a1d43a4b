package lab.loadgen.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The load tools run ahead of the app where the priority may be raised, and the run says which. */
class ToolPriorityTest {

    @Test
    void aToolStartedWithThePrefixRunsAtItsNiceness() throws Exception {
        List<String> prefix = ToolPriority.prefix();
        if (prefix.isEmpty()) {
            assertTrue(ToolPriority.describe().startsWith("the app's: "), ToolPriority.describe());
            return;
        }
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add("nice"); // prints the niceness it runs at
        ProcessRunner.Outcome out = new ProcessRunner().run(List.of(cmd), Duration.ofSeconds(10));
        assertEquals(ToolPriority.NICE, out.outputs().getFirst().strip());
        assertTrue(ToolPriority.describe().startsWith("nice -10"), ToolPriority.describe());
    }

    @Test
    void theCommandLineStartsWithWhatRunsItAhead() {
        Executable wrk = new Executable("wrk", Path.of("/usr/bin/wrk"), "test", null, List.of("nice", "-n", "-10"));
        ToolRequest r = new ToolRequest("127.0.0.1", 8081, "/", 10, 5, 0, 5, null, 2);
        assertEquals(List.of("nice", "-n", "-10", "/usr/bin/wrk", "-t", "2"), new WrkTool(wrk).commands(r).getFirst().subList(0, 6));
        assertEquals("/usr/bin/wrk", new WrkTool(new Executable("wrk", Path.of("/usr/bin/wrk"), "test", null))
                .commands(r).getFirst().getFirst(), "a binary found for a test of its own runs as it is");
    }
}
