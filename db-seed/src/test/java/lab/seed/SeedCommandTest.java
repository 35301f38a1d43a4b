package lab.seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The command as a user runs it: a separate JVM, env vars, exit codes, one clear line. */
class SeedCommandTest {

    record Run(int exitCode, String stdout, String stderr, long millis) {
    }

    static Run run(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), SeedCommand.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(env);
        File out = File.createTempFile("seed", ".out");
        File err = File.createTempFile("seed", ".err");
        pb.redirectOutput(out).redirectError(err);
        long start = System.nanoTime();
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "db-seed finished");
        long millis = (System.nanoTime() - start) / 1_000_000;
        return new Run(p.exitValue(), java.nio.file.Files.readString(out.toPath(), StandardCharsets.UTF_8),
                java.nio.file.Files.readString(err.toPath(), StandardCharsets.UTF_8), millis);
    }

    @Test
    void unknownScaleIsBadInput() throws Exception {
        Run r = run(Map.of(), "--scale", "huge");
        assertEquals(2, r.exitCode());
        assertTrue(r.stderr().contains("unknown scale 'huge'; accepted: tiny, small, thesis"), r.stderr());
    }

    @Test
    void unknownEngineIsBadInput() throws Exception {
        Run r = run(Map.of(), "--engine", "oracle");
        assertEquals(2, r.exitCode());
        assertTrue(r.stderr().contains("accepted: mysql, postgresql"), r.stderr());
    }

    @Test
    void malformedUrlIsBadInput() throws Exception {
        Run r = run(Map.of("CONTACTS_PG_URL", "postgresql//nohost"), "--scale", "tiny", "--dataset", "contacts");
        assertEquals(2, r.exitCode());
        assertTrue(r.stderr().contains("malformed database URL"), r.stderr());
        assertEquals(1, r.stderr().strip().lines().count(), "one line: " + r.stderr());
    }

    @Test
    void unknownEngineInUrlIsBadInput() throws Exception {
        Run r = run(Map.of("LOGS_MYSQL_URL", "oracle://bench:bench@127.0.0.1:1521/logs"), "--scale", "tiny", "--dataset", "logs");
        assertEquals(2, r.exitCode());
        assertTrue(r.stderr().contains("unknown engine 'oracle'"), r.stderr());
    }

    @Test
    void aServerThatIsDownIsNamedWithinSeconds() throws Exception {
        Run r = run(Map.of("CONTACTS_MYSQL_URL", "mysql://bench:bench@127.0.0.1:1/contacts"),
                "--scale", "tiny", "--dataset", "contacts", "--engine", "mysql");
        assertEquals(1, r.exitCode());
        assertTrue(r.stderr().contains("127.0.0.1:1") && r.stderr().contains("'bench'"), r.stderr());
        assertTrue(r.millis() < 15_000, "answered in " + r.millis() + " ms");
        assertTrue(!r.stderr().contains("\tat "), "no stack trace: " + r.stderr());
    }

    @Test
    void aRefusedLoginIsNamed() throws Exception {
        Run r = run(Map.of("CONTACTS_PG_URL", "postgresql://bench:wrong@127.0.0.1:5432/contacts"),
                "--scale", "tiny", "--dataset", "contacts", "--engine", "postgresql");
        assertEquals(1, r.exitCode());
        assertTrue(r.stderr().contains("as user 'bench'") && r.stderr().contains("password"), r.stderr());
    }
}
