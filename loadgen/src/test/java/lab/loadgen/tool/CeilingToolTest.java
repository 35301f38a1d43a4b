package lab.loadgen.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import lab.loadgen.ceiling.PageLoop;
import org.junit.jupiter.api.Test;

/**
 * The ceiling's loop is loadgen's, the page is the app's: the child JVM gets PageLoop alone on its
 * class path beside the app's, finds the page by name, and prints the line CeilingParser reads.
 */
class CeilingToolTest {

    static final Path PORTAL_JAR = Path.of("portal.jar");

    @Test
    void theChildRunsPageLoopFromThePortalsJarAgainstThePortalsPage() {
        CeilingTool tool = new CeilingTool(new Executable("java", Path.of("/usr/bin/java"), "25", null), PORTAL_JAR);
        List<String> command = tool.commands(new ToolRequest("-", 0, "-", 7, 3, 1, 1, null, 2)).getFirst();
        assertEquals(List.of("/usr/bin/java", "-Dloader.main=" + PageLoop.class.getName(),
                "-Dloader.path=" + tool.loopClasses(), "-cp", PORTAL_JAR.toString(), CeilingTool.LAUNCHER,
                "--page", "lab.portal.PageWithoutWeb", "--mode", "nonblocking", "--concurrency", "7", "--duration", "3"), command);
    }

    @Test
    void loopClassesHoldPageLoopAndNothingElse() throws Exception {
        Path dir = new CeilingTool(null, PORTAL_JAR).loopClasses();
        try (var files = Files.walk(dir)) {
            assertEquals(List.of("lab/loadgen/ceiling/PageLoop.class"), files.filter(Files::isRegularFile)
                    .map(p -> dir.relativize(p).toString().replace(File.separatorChar, '/')).toList());
        }
    }

    @Test
    void pageLoopNeedsNothingOfLoadgenButItself() throws Exception {
        Path loop = new CeilingTool(null, PORTAL_JAR).loopClasses();
        String classPath = loop + File.pathSeparator + Path.of("target/test-classes").toAbsolutePath();
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-cp", classPath, PageLoop.class.getName(),
                "--page", CountedPage.class.getName(), "--mode", "nonblocking", "--concurrency", "3", "--duration", "1"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the loop stops after its warm-up and duration");
        assertEquals(0, p.exitValue(), out);

        Measurement m = new CeilingParser().parse(out);
        assertNull(m.error(), out);
        long failedPages = m.errorDetail().get("failedPages");
        long errors = m.errorDetail().get("errors");
        assertTrue(failedPages > 0 && errors > 0, "incomplete pages and exceptions are counted: " + out);
        assertTrue(m.meanReplyMs() >= 1, "a view takes at least the page's millisecond: " + out);
        assertTrue(m.requestsPerSec() > 0 && m.requestsPerSec() < m.answersPerSec(), "failed pages are no successes: " + out);
    }
}
