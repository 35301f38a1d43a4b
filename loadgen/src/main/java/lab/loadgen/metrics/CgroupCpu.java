package lab.loadgen.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The CPU each part of the lab has used, from its control groups. Natively the lab's cgroup v2
 * groups, {@code <cgroup2 mount>/asyncdb-lab/<name>} (scripts/lib/cgroup.sh puts each process the lab
 * starts in one, and the database servers): {@code usage_usec} of its {@code cpu.stat}, which cgroup
 * v2 keeps in every group, children and threads included. In containers, the containers' own groups,
 * named in {@code <run dir>/cgroups} ({@value #CONTAINERS}, written by scripts/runtime/compose.sh): "{@code <part>
 * <accounting file on the host>}" per line, a cgroup v2 {@code cpu.stat} or a cgroup v1
 * {@code cpuacct.usage} (nanoseconds) under {@value #HOST_CGROUP}, which the loadgen container sees
 * read-only at {@code $LAB_HOST_CGROUP}; several containers of one part, such as the three MariaDB
 * servers, add up. Empty where there is no such hierarchy.
 */
public final class CgroupCpu {

    public static final String LAB = "asyncdb-lab";
    /** The containers' groups by part, in the run directory ({@code RUN_DIR}). */
    public static final String CONTAINERS = "cgroups";
    /** Where the host mounts its control groups; the containers' file names its files there. */
    public static final String HOST_CGROUP = "/sys/fs/cgroup";

    private final Path root;
    private final Path containers;
    private final Path hostCgroup;

    /** @param root the lab's groups' parent ({@code <mount>/asyncdb-lab}); null: none */
    public CgroupCpu(Path root) {
        this(root, null, Path.of(HOST_CGROUP));
    }

    /**
     * @param root       the lab's groups' parent ({@code <mount>/asyncdb-lab}); null: none
     * @param containers the file naming the containers' groups ({@link #CONTAINERS}), read instead when it exists
     * @param hostCgroup where this process sees the host's {@value #HOST_CGROUP}
     */
    CgroupCpu(Path root, Path containers, Path hostCgroup) {
        this.root = root;
        this.containers = containers;
        this.hostCgroup = hostCgroup;
    }

    /** The lab's groups on this machine: under the first cgroup2 mount in /proc/mounts; the containers' from {@code RUN_DIR}. */
    public static CgroupCpu lab() {
        Path containers = lab.link.LinkFile.runDir().resolve(CONTAINERS);
        Path host = Path.of(System.getenv().getOrDefault("LAB_HOST_CGROUP", HOST_CGROUP));
        try (Stream<String> lines = Files.lines(Path.of("/proc/mounts"))) {
            return new CgroupCpu(lines.map(l -> l.split(" ")).filter(f -> f.length > 2 && f[2].equals("cgroup2"))
                    .map(f -> Path.of(f[1]).resolve(LAB)).findFirst().orElse(null), containers, host);
        } catch (IOException | RuntimeException e) {
            return new CgroupCpu(null, containers, host);
        }
    }

    /** Per group, the CPU seconds it has used so far; empty without the lab's groups. */
    public Map<String, Double> usageSec() {
        if (containers != null && Files.isRegularFile(containers)) {
            return containerUsageSec();
        }
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

    /** Per part named in the containers' file, its containers' CPU seconds added up; a container gone is left out. */
    private Map<String, Double> containerUsageSec() {
        Map<String, Double> out = new TreeMap<>();
        Path hostPrefix = Path.of(HOST_CGROUP);
        try (Stream<String> lines = Files.lines(containers)) {
            lines.map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).map(l -> l.split("\\s+", 2))
                    .filter(f -> f.length == 2).forEach(f -> {
                        Path onHost = Path.of(f[1]).normalize();
                        Double s = onHost.startsWith(hostPrefix) ? usageSec(hostCgroup.resolve(hostPrefix.relativize(onHost))) : null;
                        if (s != null) {
                            out.merge(f[0], s, Double::sum);
                        }
                    });
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
        return out;
    }

    /** CPU seconds from a v2 {@code cpu.stat} or a v1 {@code cpuacct.usage}; null where unreadable. */
    private static Double usageSec(Path file) {
        try (Stream<String> lines = Files.lines(file)) {
            if (file.getFileName().toString().equals("cpuacct.usage")) {
                return lines.findFirst().map(l -> Long.parseLong(l.strip()) / 1e9).orElse(null);
            }
            return lines.filter(l -> l.startsWith("usage_usec ")).map(l -> Long.parseLong(l.substring(11).strip()) / 1e6)
                    .findFirst().orElse(null);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
