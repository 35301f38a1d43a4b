package lab.loadgen.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * CPU times from /proc, in seconds: the machine's busy time (user + nice + system + irq + softirq +
 * steal; idle and I/O wait left out; softirq is where loopback networking is charged, to nobody in
 * particular, so it is counted and shows in the unaccounted rest), per process user + system time, and that of this JVM's reaped children (the load
 * tools, however many processes a point ran). Null/absent where /proc is missing.
 */
public final class ProcCpu {

    /** USER_HZ, the unit of /proc times; 100 on every Linux architecture Java runs on. */
    private static final double HZ = 100.0;
    private static final Path PROC = Path.of("/proc");

    private ProcCpu() {
    }

    /** Busy seconds of the whole machine since boot (all cores), or null. */
    public static Double machineBusySec() {
        // cpu user nice system idle iowait irq softirq steal
        long[] f = cpuTicks();
        return f == null ? null : (f[1] + f[2] + f[3] + f[6] + f[7] + f[8]) / HZ;
    }

    /**
     * Seconds the whole machine spent in interrupts and softirqs since boot (all cores), or null: loopback
     * networking runs there (17 % of a core while the map's portal ran at 200 connections). Charged to no
     * process only where {@link #irqTimeAccounted()}.
     */
    public static Double interruptSec() {
        long[] f = cpuTicks();
        return f == null ? null : (f[6] + f[7]) / HZ;
    }

    /**
     * Whether the kernel keeps interrupt time apart from the tasks' (CONFIG_IRQ_TIME_ACCOUNTING), as its
     * config says (/proc/config.gz, else /boot/config-RELEASE); null when neither is readable. Without it,
     * tick accounting charges a softirq to the task it interrupted, as system time, and to /proc/stat's
     * softirq column too: loopback networking is then inside each process's (and cgroup's) time already.
     */
    public static Boolean irqTimeAccounted() {
        return KernelConfig.IRQ_TIME_ACCOUNTED;
    }

    /** Read once, when first asked: the kernel does not change under a running JVM. */
    private static final class KernelConfig {
        static final Boolean IRQ_TIME_ACCOUNTED = irqTimeAccounted(kernelConfig());
    }

    /** {@link #irqTimeAccounted()} as a kernel config's text says it; null when it does not. */
    static Boolean irqTimeAccounted(String config) {
        if (config == null) {
            return null;
        }
        return config.lines().map(String::strip)
                .filter(l -> l.equals("CONFIG_IRQ_TIME_ACCOUNTING=y") || l.equals("# CONFIG_IRQ_TIME_ACCOUNTING is not set"))
                .findFirst().map(l -> l.endsWith("=y")).orElse(null);
    }

    /** The running kernel's build config, or null. */
    private static String kernelConfig() {
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(PROC.resolve("config.gz")))) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            try {
                return Files.readString(Path.of("/boot", "config-" + System.getProperty("os.version")));
            } catch (IOException | RuntimeException e2) {
                return null;
            }
        }
    }

    /**
     * The machine's cores, from the "cpuN" lines of /proc/stat (the host's in a container, like its
     * busy time, where the JVM's own count may be a quota), or null.
     */
    public static Integer cores() {
        try (Stream<String> lines = Files.lines(PROC.resolve("stat"))) {
            long n = lines.filter(l -> l.startsWith("cpu") && l.length() > 3 && Character.isDigit(l.charAt(3))).count();
            return n > 0 ? (int) n : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The first line of /proc/stat ("cpu" then its tick counters, index 1 on), or null. */
    private static long[] cpuTicks() {
        try {
            String[] f = Files.readAllLines(PROC.resolve("stat")).getFirst().trim().split("\\s+");
            long[] ticks = new long[9];
            for (int i = 1; i < ticks.length; i++) {
                ticks[i] = Long.parseLong(f[i]);
            }
            return ticks;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** User + system seconds of one process, or null when it is gone or unreadable. */
    public static Double processSec(long pid) {
        return statSeconds(Long.toString(pid), 11);
    }

    /** User + system seconds of this JVM's finished (reaped) children (cutime + cstime), or null. */
    public static Double childrenSec() {
        return statSeconds("self", 13);
    }

    /** Two adjacent time fields of /proc/PID/stat, counted from the field after the command name. */
    private static Double statSeconds(String pid, int field) {
        try {
            String stat = Files.readString(PROC.resolve(pid).resolve("stat"));
            // after the ")" closing the command name: state is field 3; utime 14, stime 15, cutime 16, cstime 17
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[field]) + Long.parseLong(f[field + 1])) / HZ;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Every process whose command name (/proc/PID/comm) is one of {@code names}: pid -> name. */
    public static Map<Long, String> byName(java.util.Set<String> names) {
        Map<Long, String> out = new HashMap<>();
        try (Stream<Path> dirs = Files.list(PROC)) {
            dirs.filter(d -> d.getFileName().toString().chars().allMatch(Character::isDigit)).forEach(d -> {
                try {
                    String comm = Files.readString(d.resolve("comm")).strip();
                    if (names.contains(comm)) {
                        out.put(Long.parseLong(d.getFileName().toString()), comm);
                    }
                } catch (IOException | RuntimeException e) {
                    // the process ended meanwhile
                }
            });
        } catch (IOException e) {
            return Map.of();
        }
        return out;
    }
}
