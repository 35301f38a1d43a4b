package lab.loadgen.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lab.loadgen.config.Instance;
import lab.loadgen.config.LabPort;
import lab.loadgen.live.FocusState;

/**
 * Only the instance under load runs: the sweep's {@link Focus} through the lab's own port server and
 * {@code lab.sh focus}/{@code thaw} on the native runtime, with processes of the test's standing
 * for the instances (their PID files where the lab keeps them), frozen and thawed for real.
 */
class FocusTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyOtherInstanceIsStoppedWhileOneIsMeasuredAndAllRunAfterwards(@TempDir Path tmp) throws Exception {
        List<String> names = List.of("portal-a", "portal-b", "shop-c");
        Path conf = tmp.resolve("instances.conf");
        StringBuilder lines = new StringBuilder("dashboard dashboard - 18080 /health - /\n");
        for (int i = 0; i < names.size(); i++) {
            lines.append(names.get(i)).append(' ').append(names.get(i).split("-")[0]).append(" jdbc ").append(18081 + i)
                    .append(" /h /m /\n");
        }
        Files.writeString(conf, lines);
        Path pids = Files.createDirectories(tmp.resolve("run/pids"));
        List<Process> procs = new ArrayList<>();
        Process server = null;
        try {
            for (String n : names.subList(0, 2)) { // shop-c is not running: nothing to freeze
                Process p = new ProcessBuilder("setsid", "sleep", "300").start();
                procs.add(p);
                Files.writeString(pids.resolve(n + ".pid"), p.pid() + "\n");
            }
            Path port = Files.createDirectories(tmp.resolve("port"));
            ProcessBuilder pb = new ProcessBuilder("bash", ROOT.resolve("scripts/lib/lab-port.sh").toString(), port.toString(),
                    "focus thaw", "env", "RUNTIME=native", ROOT.resolve("scripts/lab.sh").toString())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
            pb.environment().put("RUN_DIR", tmp.resolve("run").toString());
            pb.environment().put("INSTANCES_CONF", conf.toString());
            server = pb.start();
            for (int i = 0; i < 100 && !Files.exists(port.resolve("server.pid")); i++) {
                Thread.sleep(50);
            }
            ByteArrayOutputStream said = new ByteArrayOutputStream();
            Focus focus = new Focus(new LabPort(port), new PrintStream(said, true), tmp);

            focus.on(target("portal-a"));
            assertEquals("R", state(procs.get(0), "R"));
            assertEquals("T", state(procs.get(1), "T"), "the other instance is stopped");
            focus.on(target("portal-b"));
            assertEquals("T", state(procs.get(0), "T"));
            assertEquals("R", state(procs.get(1), "R"), "the instance now under load runs");
            assertEquals("portal-b", FocusState.read(tmp).orElseThrow().alone(), "the dashboard reads who runs alone");
            focus.on(target("portal-ceiling")); // no lab instance (loadgen's own child JVM): every instance frozen
            assertEquals("T", state(procs.get(0), "T"));
            assertEquals("T", state(procs.get(1), "T"));
            focus.release();
            assertTrue(FocusState.read(tmp).isEmpty());
            assertEquals("R", state(procs.get(0), "R"));
            assertEquals("R", state(procs.get(1), "R"));
            assertNull(focus.failure(), said.toString());
        } finally {
            if (server != null) {
                server.destroy();
            }
            for (Process p : procs) {
                new ProcessBuilder("kill", "-CONT", Long.toString(p.pid())).start().waitFor();
                p.destroy();
            }
        }
    }

    @Test
    void aLabThatCannotFreezeIsSaidOnceAndTheRunGoesOn(@TempDir Path tmp) throws Exception {
        Path port = Files.createDirectories(tmp.resolve("port"));
        Path handler = Files.writeString(tmp.resolve("h.sh"), "#!/bin/sh\necho \"no freezer here\"\nexit 1\n");
        handler.toFile().setExecutable(true);
        Process server = new ProcessBuilder("bash", ROOT.resolve("scripts/lib/lab-port.sh").toString(), port.toString(),
                "focus thaw", handler.toString()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            for (int i = 0; i < 100 && !Files.exists(port.resolve("server.pid")); i++) {
                Thread.sleep(50);
            }
            ByteArrayOutputStream said = new ByteArrayOutputStream();
            Focus focus = new Focus(new LabPort(port), new PrintStream(said, true), null);
            focus.on(target("portal-a"));
            focus.on(target("portal-b"));
            assertNotNull(focus.failure());
            assertEquals(1, said.toString().lines().filter(l -> l.contains("could not freeze")).count(), said.toString());
        } finally {
            server.destroy();
        }
    }

    private static Target target(String name) {
        return new Target(new Instance(name, name.split("-")[0], "jdbc", 18081, "/h", "/m", "/"), "127.0.0.1");
    }

    /** The process's state, "T" (stopped) or "R" (running or sleeping), once it reads {@code expected} or after 2 s. */
    private static String state(Process p, String expected) throws Exception {
        String shown = "?";
        for (int i = 0; i < 100 && !shown.equals(expected); i++) {
            String stat = Files.readString(Path.of("/proc", Long.toString(p.pid()), "stat"));
            shown = stat.charAt(stat.lastIndexOf(')') + 2) == 'T' ? "T" : "R";
            if (!shown.equals(expected)) {
                Thread.sleep(20);
            }
        }
        return shown;
    }
}
