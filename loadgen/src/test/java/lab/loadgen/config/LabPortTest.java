package lab.loadgen.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lab port against the lab's own server of it, scripts/lib/lab-port.sh, with a handler of the test's. */
class LabPortTest {

    private static final Path SERVER = Path.of("..", "scripts", "lib", "lab-port.sh");

    @Test
    void theShellCarriesOutTheRequestAndItsExitStatusIsTheAnswer(@TempDir Path tmp) throws Exception {
        Path log = tmp.resolve("log");
        Path handler = script(tmp, "echo \"$*\" >> " + log + "\necho working\necho \"done with $2\"\n[ \"$2\" != broken ] || exit 3\n");
        Process server = serve(tmp.resolve("port"), "only hand-off", handler);
        try {
            LabPort port = new LabPort(tmp.resolve("port"));
            LabPort.Reply ok = port.ask(Duration.ofSeconds(20), List.of("only", "portal-jdbc"));
            assertEquals(0, ok.status());
            assertEquals("done with portal-jdbc", ok.lastLine());
            LabPort.Reply failed = port.ask(Duration.ofSeconds(20), List.of("only", "broken"));
            assertEquals(3, failed.status());
            assertEquals("exit status 3: done with broken", failed.failure());
            // a verb the lab does not serve never reaches the handler
            LabPort.Reply refused = port.ask(Duration.ofSeconds(20), List.of("stop-server", "mysql"));
            assertEquals(2, refused.status());
            assertTrue(refused.lastLine().contains("not a request this lab serves"), refused.lastLine());
            assertEquals(List.of("only portal-jdbc", "only broken"), Files.readAllLines(log));
            assertThrows(IllegalArgumentException.class, () -> port.ask(Duration.ofSeconds(1), List.of("only", "a b; rm")));
        } finally {
            server.destroy();
        }
    }

    @Test
    void aPortNobodyServesFailsInsteadOfHanging(@TempDir Path tmp) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("port"));
        LabPort.Reply silent = new LabPort(dir).ask(Duration.ofMillis(500), List.of("start-server"));
        assertNull(silent.status());
        assertTrue(silent.lastLine().contains("no answer from the lab within"), silent.lastLine());

        Path served = tmp.resolve("served");
        Process server = serve(served, "start-server", script(tmp, "exit 0\n"));
        server.destroy();
        server.waitFor();
        long started = System.nanoTime();
        LabPort.Reply gone = new LabPort(served).ask(Duration.ofSeconds(60), List.of("start-server"));
        assertNull(gone.status());
        assertTrue(gone.lastLine().contains("nothing serves the lab port"), gone.lastLine());
        assertTrue(System.nanoTime() - started < Duration.ofSeconds(30).toNanos(), "answered at once, not at the limit");
    }

    private static Path script(Path tmp, String body) throws Exception {
        Path p = Files.createTempFile(tmp, "handler", ".sh");
        Files.writeString(p, "#!/bin/sh\n" + body);
        p.toFile().setExecutable(true);
        return p;
    }

    private static Process serve(Path dir, String verbs, Path handler) throws Exception {
        Files.createDirectories(dir);
        Process p = new ProcessBuilder("bash", SERVER.toString(), dir.toString(), verbs, handler.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        for (int i = 0; i < 100 && !Files.exists(dir.resolve("server.pid")); i++) {
            Thread.sleep(50);
        }
        return p;
    }
}
