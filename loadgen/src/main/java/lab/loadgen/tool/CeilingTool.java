package lab.loadgen.tool;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The database ceiling of the portal page: the portal's own page code (its 12 queries) run on
 * nonblocking clients with no HTTP ({@code lab.portal.Ceiling} from the portal's jar, in a child
 * JVM), closed loop at the step's concurrency. Its requests/sec is what the databases serve on
 * this machine to a client with no web tier; every portal mode is shown as a share of it.
 */
public final class CeilingTool implements LoadTool {

    static final String LAUNCHER = "org.springframework.boot.loader.launch.PropertiesLauncher";

    private final Executable java;
    private final Path portalJar;
    private final OutputParser parser = new CeilingParser();

    CeilingTool(Executable java, Path portalJar) {
        this.java = java;
        this.portalJar = portalJar;
    }

    /** This JVM's java, and the portal's jar (missing: the tool is noted as not run). */
    public static CeilingTool find(Path portalJar) {
        String javaPath = ProcessHandle.current().info().command().orElse("java");
        Executable java = Executable.find(javaPath, List.of("-version"));
        if (java.available() && !Files.isRegularFile(portalJar)) {
            java = new Executable("ceiling", null, null, "no portal jar at " + portalJar.toAbsolutePath()
                    + " (build it with make jars)");
        }
        return new CeilingTool(java, portalJar.toAbsolutePath());
    }

    @Override
    public String name() {
        return "ceiling";
    }

    @Override
    public Executable executable() {
        return java;
    }

    @Override
    public List<List<String>> commands(ToolRequest r) {
        return List.of(List.of(java.path().toString(), "-Dloader.main=lab.portal.Ceiling", "-cp", portalJar.toString(),
                LAUNCHER, "--concurrency", String.valueOf(r.concurrency()), "--duration", String.valueOf(r.durationSec())));
    }

    @Override
    public Measurement parse(List<String> outputs) {
        return parser.parse(outputs.getFirst());
    }

    @Override
    public String saturation(ToolRequest request, Measurement m, Double cpuPct) {
        return null; // it is the client and the web-less server at once: its CPU is the point
    }
}
