package lab.loadgen.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.IntStream;
import lab.loadgen.config.Instance;
import lab.loadgen.config.LabPort;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fault cell keeps its instance's log: through the lab's own port server and {@code lab.sh
 * log-mark}/{@code log-since} on the native runtime, with a log file where the lab keeps them.
 */
class InstanceLogTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void aCellKeepsWhatItsInstanceLoggedDuringItsWindowAndSaysWhyWhenItCannot(@TempDir Path tmp) throws Exception {
        Path conf = tmp.resolve("instances.conf");
        Files.writeString(conf, "dashboard dashboard - 18080 /health - /\nshop-a shop jdbc 18081 /h /m /\nshop-b shop r2dbc 18082 /h /m /\n");
        Path log = Files.createDirectories(tmp.resolve("run/logs")).resolve("shop-a.log");
        Files.writeString(log, "before the fault\n");
        Path port = Files.createDirectories(tmp.resolve("port"));
        ProcessBuilder pb = new ProcessBuilder("bash", ROOT.resolve("scripts/lib/lab-port.sh").toString(), port.toString(),
                "log-mark log-since", "env", "RUNTIME=native", ROOT.resolve("scripts/lab.sh").toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("RUN_DIR", tmp.resolve("run").toString());
        pb.environment().put("INSTANCES_CONF", conf.toString());
        Process server = pb.start();
        try {
            for (int i = 0; i < 100 && !Files.exists(port.resolve("server.pid")); i++) {
                Thread.sleep(50);
            }
            InstanceLog logs = new InstanceLog(new LabPort(port));

            InstanceLog.Mark mark = logs.mark(instance("shop-a"));
            Files.writeString(log, "WARN database unavailable\nINFO recovered\n", StandardOpenOption.APPEND);
            assertEquals(List.of("WARN database unavailable", "INFO recovered"), logs.since(instance("shop-a"), mark));

            InstanceLog.Mark later = logs.mark(instance("shop-a"));
            assertEquals(List.of("(nothing logged)"), logs.since(instance("shop-a"), later));
            Files.writeString(log, String.join("\n", IntStream.range(0, 500).mapToObj(i -> "line " + i).toList()) + "\n",
                    StandardOpenOption.APPEND);
            List<String> kept = logs.since(instance("shop-a"), later);
            assertEquals(InstanceLog.MAX_LINES, kept.size(), "its last lines only");
            assertEquals("line 499", kept.getLast());

            List<String> none = logs.since(instance("shop-b"), logs.mark(instance("shop-b")));
            assertEquals(1, none.size());
            assertTrue(none.getFirst().startsWith("(no log kept: ") && none.getFirst().contains("shop-b has no log file"), none.toString());
            List<String> unknown = logs.since(instance("shop-z"), logs.mark(instance("shop-z")));
            assertTrue(unknown.getFirst().contains("'shop-z' is no instance of instances.conf"), unknown.toString());
            assertEquals(List.of("(no log kept: this run has no lab port)"),
                    new InstanceLog(null).since(instance("shop-a"), new InstanceLog(null).mark(instance("shop-a"))));
        } finally {
            server.destroy();
        }
    }

    private static Instance instance(String name) {
        return new Instance(name, "shop", "jdbc", 18081, "/h", "/m", "/");
    }
}
