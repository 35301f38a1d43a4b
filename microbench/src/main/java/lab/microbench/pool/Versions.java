package lab.microbench.pool;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The version of each library on the class path, from the dependency list the build writes
 * ({@code microbench-dependencies.txt}, lines {@code group:artifact:jar:version:scope}).
 */
public final class Versions {

    private static final Map<String, String> VERSIONS = load();

    private Versions() {
    }

    public static String of(String groupId, String artifactId) {
        return VERSIONS.getOrDefault(groupId + ":" + artifactId, "?");
    }

    private static Map<String, String> load() {
        Map<String, String> versions = new HashMap<>();
        try (InputStream in = Versions.class.getResourceAsStream("/microbench-dependencies.txt")) {
            if (in == null) {
                return versions;
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String[] f = line.trim().split(" ")[0].split(":");
                if (f.length >= 5) {
                    versions.put(f[0] + ":" + f[1], f[f.length - 2]);
                }
            }
        } catch (IOException e) {
            // versions are shown as "?"
        }
        return versions;
    }
}
