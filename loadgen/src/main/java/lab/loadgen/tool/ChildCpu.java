package lab.loadgen.tool;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time used by this JVM's finished (reaped) child processes, from /proc/self/stat fields
 * cutime and cstime. The difference around a step is the load tool's own CPU, however many
 * processes it ran. Unavailable (null) where /proc is missing.
 */
public final class ChildCpu {

    /** USER_HZ: the unit of /proc/<pid>/stat times; 100 on every Linux architecture Java runs on. */
    private static final double TICKS_PER_SECOND = 100.0;
    private static final Path STAT = Path.of("/proc/self/stat");

    private ChildCpu() {
    }

    /** Seconds of CPU (user + system) of all reaped children so far, or null without /proc. */
    public static Double seconds() {
        try {
            String stat = Files.readString(STAT);
            // fields after the ")" that closes the command name: state is field 3, cutime 16, cstime 17
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[13]) + Long.parseLong(f[14])) / TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
