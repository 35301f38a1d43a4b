package lab.link;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds the {@code toxiproxy-server} binary (the lab's build, link/toxiproxy-lab):
 * {@code $TOXIPROXY_SERVER}, then {@code PATH}, then {@code ~/go/bin} and {@code ~/.local/bin}
 * (where {@code scripts/tools.sh} installs it when not root).
 */
public final class ServerBinary {

    public static final String ENV = "TOXIPROXY_SERVER";
    static final String NAME = "toxiproxy-server";

    private ServerBinary() {
    }

    public static Path find() {
        return find(System.getenv());
    }

    static Path find(Map<String, String> env) {
        List<Path> tried = new ArrayList<>();
        String explicit = env.get(ENV);
        if (explicit != null && !explicit.isBlank()) {
            Path p = Path.of(explicit);
            if (Files.isExecutable(p)) {
                return p;
            }
            throw new IllegalStateException(ENV + "=" + explicit + " is not an executable file; unset it or run 'make tools'");
        }
        for (String dir : env.getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty()) {
                tried.add(Path.of(dir, NAME));
            }
        }
        String home = env.getOrDefault("HOME", System.getProperty("user.home"));
        tried.add(Path.of(home, "go", "bin", NAME));
        tried.add(Path.of(home, ".local", "bin", NAME));
        for (Path p : tried) {
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p;
            }
        }
        throw new IllegalStateException(NAME + " not found (looked at $" + ENV + ", PATH, ~/go/bin, ~/.local/bin); "
                + "install it with 'make tools' (needs Go) or set " + ENV + " to the binary");
    }
}
