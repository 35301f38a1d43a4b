package lab.loadgen.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The lab's cgroup v2 groups, {@code <cgroup2 mount>/asyncdb-lab/<name>} (scripts/lib/cgroup.sh puts
 * each process the lab starts in one, and the database servers), and the CPU each has used: {@code usage_usec} of its {@code cpu.stat}, which
 * cgroup v2 keeps in every group, children and threads included. Empty where there is no such
 * hierarchy.
 */
public final class CgroupCpu {

    public static final String LAB = "asyncdb-lab";

    private final Path root;

    /** @param root the lab's groups' parent ({@code <mount>/asyncdb-lab}); null: none */
    public CgroupCpu(Path root) {
        this.root = root;
    }

    /** The lab's groups on this machine: under the first cgroup2 mount in /proc/mounts. */
    public static CgroupCpu lab() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/mounts"))) {
            return new CgroupCpu(lines.map(l -> l.split(" ")).filter(f -> f.length > 2 && f[2].equals("cgroup2"))
                    .map(f -> Path.of(f[1]).resolve(LAB)).findFirst().orElse(null));
        } catch (IOException | RuntimeException e) {
            return new CgroupCpu(null);
        }
    }

    /** Per group, the CPU seconds it has used so far; empty without the lab's groups. */
    public Map<String, Double> usageSec() {
        Map<String, Double> out = new TreeMap<>();
        if (root == null || !Files.isDirectory(root)) {
            return out;
        }
        try (Stream<Path> groups = Files.list(root)) {
            groups.filter(Files::isDirectory).forEach(g -> {
                Double s = usageSec(g.resolve("cpu.stat"));
                if (s != null) {
                    out.put(g.getFileName().toString(), s);
                }
            });
        } catch (IOException e) {
            return Map.of();
        }
        return out;
    }

    private static Double usageSec(Path cpuStat) {
        try (Stream<String> lines = Files.lines(cpuStat)) {
            return lines.filter(l -> l.startsWith("usage_usec ")).map(l -> Long.parseLong(l.substring(11).strip()) / 1e6)
                    .findFirst().orElse(null);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
