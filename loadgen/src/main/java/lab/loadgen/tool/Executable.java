package lab.loadgen.tool;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A load-tool binary: where it is (an absolute path, or a name looked up on PATH), its version, and
 * what runs it ahead of the app ({@link ToolPriority}: {@code nice -n -10}, or nothing).
 */
public record Executable(String name, Path path, String version, String missingReason, List<String> ahead) {

    /** A binary run at the caller's priority. */
    public Executable(String name, Path path, String version, String missingReason) {
        this(name, path, version, missingReason, List.of());
    }

    public boolean available() {
        return path != null;
    }

    /** The start of its command line: the priority prefix, then the binary. */
    public List<String> command() {
        List<String> cmd = new java.util.ArrayList<>(ahead);
        cmd.add(path.toString());
        return cmd;
    }

    /** Finds {@code nameOrPath} (a path, or a name looked up on PATH) and asks it its version. */
    public static Executable find(String nameOrPath, List<String> versionArgs) {
        Path found = locate(nameOrPath);
        if (found == null) {
            return new Executable(nameOrPath, null, null, "no `" + nameOrPath + "` binary on PATH");
        }
        return new Executable(nameOrPath, found, version(found, versionArgs), null, ToolPriority.prefix());
    }

    private static Path locate(String nameOrPath) {
        if (nameOrPath.contains("/")) {
            Path p = Path.of(nameOrPath);
            return Files.isExecutable(p) ? p.toAbsolutePath() : null;
        }
        String pathEnv = System.getenv().getOrDefault("PATH", "");
        for (String dir : pathEnv.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, nameOrPath);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** The first line of its version output that is not a warning, or null. */
    private static String version(Path binary, List<String> versionArgs) {
        try {
            Process p = new ProcessBuilder(concat(binary, versionArgs)).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            return out.lines().filter(l -> !l.isBlank() && !l.contains("warning")).findFirst()
                    .map(String::strip).orElse(null);
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static List<String> concat(Path binary, List<String> args) {
        List<String> cmd = new java.util.ArrayList<>();
        cmd.add(binary.toString());
        cmd.addAll(args);
        return cmd;
    }
}
