package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * An engine's packages stay inside it: nothing outside access-jdbc names {@code lab.access.jdbc},
 * nothing outside access-vertx names {@code lab.access.nonblocking}, nothing outside access-r2dbc
 * names {@code lab.access.r2dbc}, and {@code lab.access.spi}
 * (what engines implement and share) is named only by the access modules. Applications, tools and
 * their tests use {@code lab.access} alone and get an engine by mode. Scans every module's Java
 * source (main and test), so a stray import fails the build wherever it is.
 */
class BoundariesTest {

    /** Package → the modules whose code may name it. */
    private static final Map<String, Set<String>> OWNERS = Map.of(
            "jdbc", Set.of("access-jdbc"),
            "nonblocking", Set.of("access-vertx"),
            "r2dbc", Set.of("access-r2dbc"),
            "spi", Set.of("access-api", "access-jdbc", "access-vertx", "access-r2dbc"));
    private static final Pattern NAMED = Pattern.compile("\\blab\\.access\\.(jdbc|nonblocking|r2dbc|spi)\\b");

    @Test
    void enginePackagesAreNamedOnlyInsideTheirModules() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        assertTrue(Files.isRegularFile(root.resolve("access-jdbc/pom.xml")), "not the repository root: " + root);
        List<String> strays = new ArrayList<>();
        int scanned = 0;
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.filter(m -> Files.isRegularFile(m.resolve("pom.xml"))).toList()) {
                for (Path file : javaFiles(module.resolve("src"))) {
                    scanned++;
                    strays.addAll(strays(module.getFileName().toString(), root.relativize(file), Files.readAllLines(file)));
                }
            }
        }
        assertTrue(scanned > 100, "scanned only " + scanned + " files under " + root);
        assertEquals(List.of(), strays, "code outside an engine names its packages: use lab.access and DbClients.create(…, mode, …)");
    }

    @Test
    void theCheckSeesAStrayImport() {
        String access = "lab.access."; // split, so that this file does not name the packages itself
        assertEquals(1, strays("servlet-portal", Path.of("X.java"), List.of("import " + access + "jdbc.JdbcPool;")).size());
        assertEquals(1, strays("access-jdbc", Path.of("X.java"), List.of("import " + access + "nonblocking.Leased;")).size());
        assertEquals(1, strays("loadgen", Path.of("X.java"), List.of("var gate = new " + access + "spi.CallGate();")).size());
        assertEquals(0, strays("access-vertx", Path.of("X.java"), List.of("import " + access + "spi.CallGate;")).size());
        assertEquals(0, strays("loadgen", Path.of("X.java"), List.of(" * see " + access + "jdbc for the pool")).size());
    }

    private static List<String> strays(String module, Path file, List<String> lines) {
        List<String> found = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith("*") || line.startsWith("//") || line.startsWith("/*")) {
                continue; // prose may name a package
            }
            Matcher m = NAMED.matcher(line);
            while (m.find()) {
                if (!OWNERS.get(m.group(1)).contains(module)) {
                    found.add(file + ":" + (i + 1) + ": " + line);
                }
            }
        }
        return found;
    }

    private static List<Path> javaFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.toString().endsWith(".java")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
