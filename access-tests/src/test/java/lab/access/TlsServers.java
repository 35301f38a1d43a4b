package lab.access;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import lab.access.SourceUrl.Engine;

/**
 * Throw-away database servers that require TLS, for {@link TlsTest}: a MariaDB ({@code
 * mariadb-install-db} and {@code mariadbd} in a temporary directory, {@code require_secure_transport})
 * and a PostgreSQL 15 ({@code initdb}, {@code ssl=on}, only {@code hostssl} lines in pg_hba), each on
 * 127.0.0.1 at the first free port of its range, with the certificate {@code scripts/lib/db-tls.sh}
 * made (the script {@code make up} runs for the containers). Run as the {@code mysql} and {@code
 * postgres} users when started by root. {@link #close()} stops the server and deletes the directory.
 */
final class TlsServers {

    static final Path SCRIPT = Path.of("..", "scripts", "lib", "db-tls.sh");
    static final Path PG_BIN = Path.of("/usr/lib/postgresql/15/bin");
    static final Path MARIADBD = Path.of("/usr/sbin/mariadbd");
    static final Path MARIADB_INSTALL_DB = Path.of("/usr/bin/mariadb-install-db");
    static final Path MARIADB = Path.of("/usr/bin/mariadb");
    static final String USER = "bench";
    private static final Duration START = Duration.ofSeconds(40);

    private TlsServers() {
    }

    /** What is missing on this machine to run the test ({@code null}: nothing). */
    static String missing() {
        for (Path p : List.of(SCRIPT, PG_BIN.resolve("initdb"), PG_BIN.resolve("pg_ctl"), MARIADBD, MARIADB_INSTALL_DB, MARIADB)) {
            if (!Files.isExecutable(p)) {
                return p + " (the database servers' binaries: apt-get install mariadb-server postgresql; openssl)";
            }
        }
        return null;
    }

    /** A CA and a server certificate for 127.0.0.1 and localhost in {@code dir}: ca.pem, server.pem, server.key. */
    static Path certificates(Path dir) throws IOException {
        run(List.of(SCRIPT.toString(), dir.toString(), "127.0.0.1", "localhost"));
        return dir;
    }

    /** A running server in its own directory, on 127.0.0.1:{@code port}; {@code url()} reaches it as {@link #USER}. */
    abstract static class Server implements AutoCloseable {
        final Path dir;
        final int port;
        private final Engine engine;
        private final String database;

        Server(Engine engine, String database, String prefix, int firstPort) throws IOException {
            this.engine = engine;
            this.database = database;
            this.port = freePort(firstPort);
            this.dir = Files.createTempDirectory(prefix);
        }

        /** The server, without the password. */
        SourceUrl url() {
            return new SourceUrl(engine, USER, "", "127.0.0.1", port, database);
        }

        /** Initialises and starts the server, with {@code certs}' server.pem and server.key. */
        abstract void boot(Path certs, String password) throws IOException;

        abstract void stop();

        @Override
        public void close() {
            stop();
            delete(dir);
        }
    }

    /** A server of {@code engine} started; nothing left behind on failure. */
    static Server start(Engine engine, Path certs, String password) throws IOException {
        Server server = engine == Engine.MYSQL ? new MariaDb() : new Postgres();
        try {
            server.boot(certs, password);
            return server;
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    private static final class MariaDb extends Server {
        private Process process;

        private MariaDb() throws IOException {
            super(Engine.MYSQL, "mysql", "tls-mariadb-", 3360);
        }

        @Override
        void boot(Path certs, String password) throws IOException {
            Path data = dir.resolve("data");
            copyKeyPair(certs, dir);
            chown("mysql", dir);
            run(List.of(MARIADB_INSTALL_DB.toString(), "--no-defaults", "--user=mysql", "--datadir=" + data,
                    "--auth-root-authentication-method=socket", "--skip-test-db"));
            Path socket = dir.resolve("sock");
            process = new ProcessBuilder(MARIADBD.toString(), "--no-defaults", "--user=mysql", "--datadir=" + data,
                    "--socket=" + socket, "--pid-file=" + dir.resolve("pid"), "--port=" + port,
                    "--bind-address=127.0.0.1", "--skip-name-resolve", "--innodb-buffer-pool-size=16M",
                    "--ssl-cert=" + dir.resolve("server.pem"), "--ssl-key=" + dir.resolve("server.key"),
                    "--require-secure-transport=ON", "--log-error=" + dir.resolve("error.log"))
                    .redirectErrorStream(true).redirectOutput(dir.resolve("out.log").toFile()).start();
            // the user over the socket as root (unix_socket), the password on stdin, never in arguments
            List<String> sql = List.of(MARIADB.toString(), "--no-defaults", "--socket=" + socket, "-uroot");
            long deadline = System.nanoTime() + START.toNanos();
            while (true) {
                try {
                    run(sql, "CREATE USER '" + USER + "'@'%' IDENTIFIED BY '" + password + "';"
                            + " GRANT ALL ON *.* TO '" + USER + "'@'%';\n");
                    break;
                } catch (IOException e) {
                    if (!process.isAlive() || System.nanoTime() > deadline) {
                        throw new IOException("mariadbd did not start on port " + port + ": "
                                + tail(dir.resolve("error.log")), e);
                    }
                    sleep(200);
                }
            }
        }

        @Override
        void stop() {
            if (process != null) {
                process.destroy();
                try {
                    if (!process.waitFor(20, TimeUnit.SECONDS)) {
                        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    private static final class Postgres extends Server {
        private boolean running;

        private Postgres() throws IOException {
            super(Engine.POSTGRESQL, "postgres", "tls-postgres-", 5460);
        }

        @Override
        void boot(Path certs, String password) throws IOException {
            Path data = dir.resolve("data");
            Path pwfile = dir.resolve("pw");
            Files.writeString(pwfile, password + "\n");
            chown("postgres", dir);
            run(asUser("postgres", PG_BIN.resolve("initdb").toString(), "-D", data.toString(), "-U", USER,
                    "--pwfile=" + pwfile, "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8",
                    "--no-sync", "--no-instructions"));
            Files.delete(pwfile);
            copyKeyPair(certs, data);
            // TLS or nothing over TCP: no plain "host" line
            Files.writeString(data.resolve("pg_hba.conf"), "local all all trust\nhostssl all all 127.0.0.1/32 scram-sha-256\n");
            chown("postgres", data);
            running = true;
            run(asUser("postgres", PG_BIN.resolve("pg_ctl").toString(), "-D", data.toString(), "-w", "-t",
                    Long.toString(START.toSeconds()), "-l", dir.resolve("log").toString(), "-o",
                    "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c ssl=on"
                            + " -c ssl_cert_file=server.pem -c ssl_key_file=server.key"
                            + " -c shared_buffers=16MB -c fsync=off -c max_connections=50", "start"));
        }

        @Override
        void stop() {
            if (running) {
                try {
                    run(asUser("postgres", PG_BIN.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(),
                            "-m", "immediate", "-w", "stop"));
                } catch (IOException e) {
                    System.err.println("[tls-postgres] stop on port " + port + ": " + e.getMessage());
                }
                running = false;
            }
        }
    }

    /** server.pem and server.key into {@code into}, the key readable by its owner only (PostgreSQL insists). */
    private static void copyKeyPair(Path certs, Path into) throws IOException {
        Files.copy(certs.resolve("server.pem"), into.resolve("server.pem"));
        Files.copy(certs.resolve("server.key"), into.resolve("server.key"));
        Files.setPosixFilePermissions(into.resolve("server.key"), java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    }

    private static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static void chown(String user, Path dir) throws IOException {
        if (root()) {
            run(List.of("chown", "-R", user + ":", dir.toString()));
        }
    }

    private static List<String> asUser(String user, String... command) {
        List<String> full = new ArrayList<>();
        if (root()) {
            full.addAll(List.of("runuser", "-u", user, "--"));
        }
        full.addAll(List.of(command));
        return full;
    }

    /** The first port of {@code first}..{@code first + 9} free on 127.0.0.1. */
    private static int freePort(int first) throws IOException {
        for (int port = first; port < first + 10; port++) {
            try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return port;
            } catch (IOException busy) {
                // next
            }
        }
        throw new IOException("no free port in " + first + "-" + (first + 9) + " on 127.0.0.1");
    }

    private static void run(List<String> command) throws IOException {
        run(command, null);
    }

    /** Runs a command to its end (60 s at most), {@code stdin} fed to it; fails with its output. */
    private static void run(List<String> command, String stdin) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (stdin != null) {
                p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
            }
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(command.get(0) + " did not end within 60 s");
            }
            if (p.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " exited " + p.exitValue() + ": " + out.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException("interrupted", e);
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // already gone
        }
    }
}
