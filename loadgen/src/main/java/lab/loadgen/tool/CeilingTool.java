package lab.loadgen.tool;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import lab.access.Mode;
import lab.loadgen.ceiling.PageLoop;

/**
 * The database ceiling of the portal page: the portal's own page code (its 12 queries) run on
 * nonblocking clients with no HTTP, closed loop at the point's concurrency, in a child JVM on the
 * portal's jar: loadgen's {@link PageLoop} (put on the class path through the Spring Boot
 * launcher's {@code loader.path}) calls the portal's {@code lab.portal.PageWithoutWeb}. Its
 * requests/sec is what the databases serve on this machine to a client with no web tier; every
 * portal mode is shown as a share of it.
 */
public final class CeilingTool implements LoadTool {

    static final String LAUNCHER = "org.springframework.boot.loader.launch.PropertiesLauncher";
    /** The portal's page without its web tier, as PageLoop expects it (a static open(String mode)). */
    static final String PORTAL_PAGE = "lab.portal.PageWithoutWeb";

    private final Executable java;
    private final Path portalJar;
    private Path loopClasses;
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
        return List.of(List.of(java.path().toString(), "-Dloader.main=" + PageLoop.class.getName(),
                "-Dloader.path=" + loopClasses(), "-cp", portalJar.toString(), LAUNCHER, "--page", PORTAL_PAGE,
                "--mode", Mode.NONBLOCKING.id(), "--concurrency", String.valueOf(r.concurrency()), "--duration", String.valueOf(r.durationSec())));
    }

    /**
     * A directory holding only PageLoop's class file, copied out of loadgen: the child's class path
     * gets the loop and nothing else of loadgen's, whose bundled libraries would shadow the portal's.
     */
    synchronized Path loopClasses() {
        if (loopClasses == null) {
            String resource = PageLoop.class.getName().replace('.', '/') + ".class";
            try (InputStream in = PageLoop.class.getClassLoader().getResourceAsStream(resource)) {
                Path dir = Files.createTempDirectory("loadgen-ceiling");
                Path file = dir.resolve(resource);
                Files.createDirectories(file.getParent());
                Files.copy(in, file);
                for (Path p = file; p.startsWith(dir); p = p.getParent()) {
                    p.toFile().deleteOnExit();
                }
                loopClasses = dir;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot copy " + resource + " for the ceiling run", e);
            }
        }
        return loopClasses;
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
