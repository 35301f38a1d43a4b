package lab.loadgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

/** {@code loadgen link --name} and {@code --config}: what scripts read instead of parsing the link's record or a URL. */
class LinkCommandTest {

    /** compose.sh's proxies: upstreams at the compose services, by the rule of {@code sources --compose}, in one run of the image. */
    @Test
    void configWithComposeHasTheServicesAsUpstreams() {
        String compose = run("--config", "--compose", "--listen-host", "0.0.0.0");
        assertTrue(compose.contains("\"upstream\" : \"mysql-contacts:3306\"") || compose.contains("\"upstream\":\"mysql-contacts:3306\""),
                compose);
        assertTrue(compose.contains("0.0.0.0:"), "listening where asked");
        assertFalse(run("--config").contains("mysql-contacts:3306"), "without --compose: the sources of this host's environment");
    }

    @Test
    void nameIsTheRecordedLinkOrNothing(@TempDir Path runDir) {
        assertEquals("", run("--name", "--run-dir", runDir.toString()), "nothing recorded: nothing printed");
        run("--record-only", "--run-dir", runDir.toString(), "wan");
        assertEquals("wan\n", run("--name", "--run-dir", runDir.toString()));
        run("--record-only", "--run-dir", runDir.toString(), "loopback");
        assertEquals("loopback\n", run("--name", "--run-dir", runDir.toString()));
    }

    private static String run(String... args) {
        PrintStream stdout = System.out;   // the command prints with System.out, as the scripts read it
        ByteArrayOutputStream capture = new ByteArrayOutputStream();
        System.setOut(new PrintStream(capture, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, new CommandLine(new LinkCommand()).execute(args), String.join(" ", args));
        } finally {
            System.setOut(stdout);
        }
        return capture.toString(StandardCharsets.UTF_8);
    }
}
