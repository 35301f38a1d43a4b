package lab.loadgen.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Stream;

/**
 * How many connections the load tool holds open to the app: the ESTABLISHED TCP sockets of this
 * network namespace whose remote port is the app's (/proc/net/tcp and tcp6; the tools run in
 * loadgen's namespace, natively and in its container alike), less this JVM's own (the metrics
 * scraper's keep-alive connection to the same port), known by their inodes in /proc/self/fd. A closed-loop tool has one request in
 * flight per open connection, so this counts what it held without a mean reply time: wrk's is
 * corrected for coordinated omission and so gives no Little's law (lab.loadgen.sweep.Points).
 */
public final class ToolConnections {

    private static final List<Path> TABLES = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));
    /** /proc/net/tcp's state column: 01 is TCP_ESTABLISHED. */
    private static final String ESTABLISHED = "01";

    private ToolConnections() {
    }

    /** The open connections to {@code port}; empty where no table is readable (no /proc). */
    public static OptionalInt count(int port) {
        int total = 0;
        boolean read = false;
        Set<String> own = ownSockets();
        for (Path table : TABLES) {
            try (Stream<String> lines = Files.lines(table)) {
                total += count(lines, port, own);
                read = true;
            } catch (IOException | java.io.UncheckedIOException e) {
                // no IPv6 table, or no /proc: the other may still be there
            }
        }
        return read ? OptionalInt.of(total) : OptionalInt.empty();
    }

    /**
     * The rows of one table ("sl local_address rem_address st … uid timeout inode", addresses hex
     * ADDR:PORT) established to {@code port}, but for the sockets whose inode is in {@code own}.
     */
    static int count(Stream<String> lines, int port, Set<String> own) {
        String suffix = String.format(":%04X", port);
        return (int) lines.skip(1).map(String::trim).filter(line -> {
            String[] f = line.split("\\s+", 11);
            return f.length >= 10 && f[3].equals(ESTABLISHED) && f[2].endsWith(suffix) && !own.contains(f[9]);
        }).count();
    }

    /** The inodes of this process's sockets (/proc/self/fd links "socket:[inode]"); empty where unreadable. */
    private static Set<String> ownSockets() {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            fds.forEach(fd -> {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException | UnsupportedOperationException e) {
                    // closed between the listing and the read
                }
            });
        } catch (IOException | java.io.UncheckedIOException e) {
            // no /proc: nothing to leave out
        }
        return inodes;
    }
}
