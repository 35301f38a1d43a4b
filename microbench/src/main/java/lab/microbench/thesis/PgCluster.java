package lab.microbench.thesis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import lab.access.SourceUrl;

/**
 * A throw-away PostgreSQL 15 server: {@code initdb} into a temporary directory (superuser
 * {@code bench}, trust authentication, loopback only), started with pg_ctl on its own port,
 * small ({@code shared_buffers=16MB}, {@code fsync=off}); {@link #close()} stops it and deletes
 * the directory; a shutdown hook does the same if the JVM ends first. Runs as the {@code postgres}
 * OS user when started by root.
 */
public final class PgCluster implements AutoCloseable {

    public static final Path BIN = Path.of("/usr/lib/postgresql/15/bin");

    private final int port;
    private final Path dir;
    private final Thread hook;
    private boolean running;

    private PgCluster(int port, Path dir) {
        this.port = port;
        this.dir = dir;
        this.hook = new Thread(this::stop, "pg-cluster-" + port + "-stop");
    }

    public static boolean available() {
        return Files.isExecutable(BIN.resolve("initdb")) && Files.isExecutable(BIN.resolve("pg_ctl"));
    }

    /** Initialises and starts a cluster on 127.0.0.1:{@code port}; nothing is left behind on failure. */
    public static PgCluster start(int port) throws IOException {
        Path dir = Files.createTempDirectory("thesis-pg" + port + "-");
        PgCluster c = new PgCluster(port, dir);
        Runtime.getRuntime().addShutdownHook(c.hook);
        try {
            if (root()) {
                run("chown", "postgres:postgres", dir.toString());
            }
            Path data = dir.resolve("data");
            run(asPostgres(BIN.resolve("initdb").toString(), "-D", data.toString(), "-U", "bench", "--auth=trust",
                    "-E", "UTF8", "--no-sync", "--no-instructions"));
            c.running = true;
            run(asPostgres(BIN.resolve("pg_ctl").toString(), "-D", data.toString(), "-w", "-t", "60", "-l",
                    dir.resolve("log").toString(), "-o", "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1"
                            + " -c shared_buffers=16MB -c fsync=off -c max_connections=50", "start"));
            return c;
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    public int port() {
        return port;
    }

    /** Database {@code postgres} as user {@code bench} (no password: trust). */
    public SourceUrl url() {
        return url(port);
    }

    public static SourceUrl url(int port) {
        return new SourceUrl(SourceUrl.Engine.POSTGRESQL, "bench", "", "127.0.0.1", port, "postgres");
    }

    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // already shutting down
        }
    }

    private synchronized void stop() {
        if (running) {
            try {
                run(asPostgres(BIN.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-m", "immediate",
                        "-w", "stop"));
            } catch (IOException e) {
                System.err.println("[pg-cluster] stop on port " + port + ": " + e.getMessage());
            }
            running = false;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // already gone
        }
    }

    private static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static List<String> asPostgres(String... command) {
        List<String> full = new ArrayList<>();
        if (root()) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(List.of(command));
        return full;
    }

    private static void run(String... command) throws IOException {
        Shell.run(true, List.of(command));
    }

    private static void run(List<String> command) throws IOException {
        Shell.run(true, command);
    }
}
