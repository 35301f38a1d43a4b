package lab.loadgen.metrics;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** async-profiler attached to a real child JVM that spins, and its flame graph read back. */
class ProfilerTest {

    @Test
    void aFlameGraphOfAnotherJvmNamesWhatItRuns(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("Spin.java");
        Files.writeString(src, """
                public class Spin {
                    static double spinHere(double x) { for (int i = 0; i < 1_000_000; i++) { x = Math.sin(x) + 1; } return x; }
                    public static void main(String[] a) throws Exception {
                        double x = 0; System.out.println("ready"); System.out.flush();
                        long end = System.nanoTime() + 60_000_000_000L;
                        while (System.nanoTime() < end) { x = spinHere(x); }
                        System.out.println(x);
                    }
                }
                """);
        Path java = Path.of(ProcessHandle.current().info().command().orElseThrow());
        Process spin = new ProcessBuilder(java.toString(), src.toString()).redirectErrorStream(true).start();
        try {
            spin.getInputStream().read(); // "ready": the JVM is up
            Path flame = dir.resolve("cpu.html");
            assertNull(Profiler.start(spin.pid(), "cpu"));
            Thread.sleep(1500);
            assertNull(Profiler.stop(spin.pid(), flame));
            String html = Files.readString(flame);
            assertTrue(html.contains("spinHere"), "the spinning method is in the flame graph");
        } finally {
            spin.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aProcessThatIsNotThereIsARefusalNotAHang() throws Exception {
        String why = Profiler.start(Long.MAX_VALUE / 2, "cpu");
        assertTrue(why != null && !why.isBlank(), String.valueOf(why));
    }
}
