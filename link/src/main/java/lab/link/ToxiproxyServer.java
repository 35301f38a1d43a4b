package lab.link;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A private toxiproxy-server on a free 127.0.0.1 port, for tests and benchmarks: started by
 * {@link #start()}, stopped by {@link #close()}. Its log goes to a temporary file, named in the
 * error when it does not come up.
 */
public final class ToxiproxyServer implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(15);

    private final Process process;
    private final Toxiproxy api;
    private final Path log;

    private ToxiproxyServer(Process process, Toxiproxy api, Path log) {
        this.process = process;
        this.api = api;
        this.log = log;
    }

    public static ToxiproxyServer start() {
        Path binary = ServerBinary.find();
        try {
            int port = freePort();
            Path log = Files.createTempFile("toxiproxy-", ".log");
            Process p = new ProcessBuilder(binary.toString(), "-host", "127.0.0.1", "-port", Integer.toString(port), "-proxy-metrics")
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            ToxiproxyServer server = new ToxiproxyServer(p, new Toxiproxy(URI.create("http://127.0.0.1:" + port)), log);
            server.awaitUp();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + binary + ": " + e.getMessage(), e);
        }
    }

    public Toxiproxy api() {
        return api;
    }

    private void awaitUp() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!api.isUp()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                close();
                throw new IllegalStateException("toxiproxy-server did not come up on " + api.url() + " within "
                        + START_TIMEOUT.toSeconds() + " s; log: " + log);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new IllegalStateException("interrupted while starting toxiproxy-server", e);
            }
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
