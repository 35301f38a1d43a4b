package lab.loadgen.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The parsed instances.conf: the single source of truth for instance names, apps, modes and ports.
 * Columns: instance app mode port health_path metrics_path page; '#' starts a comment.
 */
public record InstancesConf(Path file, List<Instance> instances) {

    public static final String FILE_NAME = "instances.conf";

    public static InstancesConf load(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        List<Instance> list = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            list.add(parseLine(line, file + ":" + (i + 1)));
        }
        return new InstancesConf(file, List.copyOf(list));
    }

    private static Instance parseLine(String line, String where) {
        String[] f = line.split("\\s+");
        if (f.length != 7) {
            throw new IllegalArgumentException(where + ": expected 7 columns "
                    + "(instance app mode port health_path metrics_path page), found " + f.length);
        }
        Instance instance;
        try {
            instance = new Instance(f[0], f[1], f[2], Integer.parseInt(f[3]), f[4], f[5], f[6]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": port '" + f[3] + "' is not a number", e);
        }
        try {
            instance.accessMode();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
        return instance;
    }

    /**
     * Finds instances.conf: the given path when set, else $LAB_INSTANCES_CONF, else the first
     * instances.conf in the working directory or one of its parents.
     */
    public static Path locate(Path explicit) {
        if (explicit != null) {
            return explicit;
        }
        String env = System.getenv("LAB_INSTANCES_CONF");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(FILE_NAME);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new IllegalArgumentException("no " + FILE_NAME + " in " + Path.of("").toAbsolutePath()
                + " or its parents; pass --instances <file> or set LAB_INSTANCES_CONF");
    }

    /** The load-testable instances (everything but the dashboard), in file order. */
    public List<Instance> loadTargets() {
        return instances.stream().filter(Instance::hasMetrics).toList();
    }

    public List<Instance> ofApp(String app) {
        return loadTargets().stream().filter(i -> i.app().equals(app)).toList();
    }

    /** App names with load-testable instances, in file order. */
    public Set<String> apps() {
        Set<String> apps = new LinkedHashSet<>();
        loadTargets().forEach(i -> apps.add(i.app()));
        return apps;
    }
}
