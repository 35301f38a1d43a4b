package lab.loadgen.dashboard;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import lab.loadgen.config.HostResolver;
import lab.loadgen.config.InstancesConf;

/**
 * The dashboard on :8080 (JDK HTTP server): "/" the home page, "/health" {"status":"UP"},
 * "/results/..." files from the results folder only; "/live/RUN/" a running run's live page and
 * "/live/RUN/events" its events ("/live" opens the run going now), "/instances/events" the home
 * page's instance rates, "/assets/chart.js" the lab's chart library. Everything else is 404.
 */
public final class DashboardServer implements AutoCloseable {

    private static final String RESULTS = "/results/";
    private static final String LIVE = "/live/";
    static final String CHART_JS = "/assets/chart.js";
    private static final java.util.regex.Pattern LIVE_PATH = java.util.regex.Pattern.compile("/live/([A-Za-z0-9_-][A-Za-z0-9._-]*)/(events)?");

    private final HttpServer server;
    private final HomePage home;
    private final StaticFiles files;
    private final InstanceRates rates;

    public DashboardServer(InetSocketAddress address, InstancesConf conf, HostResolver hosts, Path resultsDir)
            throws IOException {
        this.home = new HomePage(conf, hosts, resultsDir);
        this.files = new StaticFiles(resultsDir);
        this.rates = new InstanceRates(conf, hosts, resultsDir, lab.loadgen.metrics.HealthCheck.client());
        this.server = HttpServer.create(address, 64);
        server.createContext("/", this::handle);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    }

    public DashboardServer start() {
        server.start();
        return this;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange ex) throws IOException {
        try {
            String method = ex.getRequestMethod();
            if (!method.equals("GET") && !method.equals("HEAD")) {
                send(ex, 405, "text/plain; charset=utf-8", "method not allowed\n");
                return;
            }
            String path = ex.getRequestURI().getRawPath();
            if (path.equals("/")) {
                send(ex, 200, "text/html; charset=utf-8", home.render(ex.getRequestHeaders().getFirst("Host")));
            } else if (path.equals("/health")) {
                send(ex, 200, "application/json", "{\"status\":\"UP\"}");
            } else if (path.equals("/results")) {
                redirect(ex, RESULTS);
            } else if (path.startsWith(RESULTS)) {
                serveFile(ex, path);
            } else if (path.equals("/live") || path.equals(LIVE)) {
                redirect(ex, LiveRuns.running(files.root()).map(s -> LIVE + s.run() + "/").orElse("/"), 303);
            } else if (path.startsWith(LIVE)) {
                live(ex, path);
            } else if (path.equals("/instances/events")) {
                rates.stream(ex);
            } else if (path.equals(CHART_JS)) {
                ex.getResponseHeaders().set("Cache-Control", "max-age=86400");
                send(ex, 200, "text/javascript; charset=utf-8", lab.report.ChartJs.script());
            } else {
                notFound(ex);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            System.err.println("dashboard: " + ex.getRequestURI() + " failed: " + e);
            send(ex, 500, "text/plain; charset=utf-8", "internal error: " + e.getMessage() + "\n");
        } finally {
            ex.close();
        }
    }

    /** /live/RUN → /live/RUN/; the page of a run that has ended is its report. */
    private void live(HttpExchange ex, String path) throws IOException, InterruptedException {
        java.util.regex.Matcher m = LIVE_PATH.matcher(path.endsWith("/") || path.endsWith("/events") ? path : path + "/");
        Optional<Path> dir = m.matches() ? files.resolve(m.group(1)) : Optional.empty();
        if (dir.isEmpty() || !Files.isDirectory(dir.get())) {
            notFound(ex);
        } else if (!path.endsWith("/") && m.group(2) == null) {
            redirect(ex, path + "/");
        } else if (m.group(2) != null) {
            LivePage.stream(ex, m.group(1), dir.get());
        } else if (ended(dir.get())) {
            redirect(ex, RESULTS + m.group(1) + "/index.html", 303);
        } else {
            send(ex, 200, "text/html; charset=utf-8", LivePage.render(m.group(1), dir.get()));
        }
    }

    /** Its report is written and the run is over (or it is a run from before live pages): the report replaces the live page. */
    private static boolean ended(Path run) {
        Optional<lab.loadgen.live.LiveStatus> live = lab.loadgen.live.LiveStatus.read(run);
        return Files.isRegularFile(run.resolve("index.html"))
                && live.map(s -> !s.running() && s.reportReady()).orElse(true);
    }

    private void serveFile(HttpExchange ex, String rawPath) throws IOException {
        String relative = rawPath.substring(RESULTS.length());
        Optional<Path> found = files.resolve(relative);
        if (found.isEmpty()) {
            notFound(ex);
            return;
        }
        Path p = found.get();
        if (Files.isDirectory(p)) {
            if (!rawPath.endsWith("/")) {
                redirect(ex, rawPath + "/");
            } else if (Files.isRegularFile(p.resolve("index.html"))) {
                sendFile(ex, p.resolve("index.html"));
            } else {
                send(ex, 200, "text/html; charset=utf-8", DirectoryPage.render(files.root(), p));
            }
            return;
        }
        sendFile(ex, p);
    }

    private static void sendFile(HttpExchange ex, Path file) throws IOException {
        ex.getResponseHeaders().set("Content-Type", StaticFiles.contentType(file));
        ex.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        long size = Files.size(file);
        boolean head = ex.getRequestMethod().equals("HEAD");
        ex.sendResponseHeaders(200, head ? -1 : size == 0 ? -1 : size);
        if (!head && size > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                Files.copy(file, out);
            }
        }
    }

    private static void notFound(HttpExchange ex) throws IOException {
        send(ex, 404, "text/plain; charset=utf-8", "not found\n");
    }

    private static void redirect(HttpExchange ex, String location) throws IOException {
        redirect(ex, location, 301);
    }

    private static void redirect(HttpExchange ex, String location, int status) throws IOException {
        ex.getResponseHeaders().set("Location", location);
        ex.sendResponseHeaders(status, -1);
    }

    private static void send(HttpExchange ex, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", type);
        ex.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        boolean head = ex.getRequestMethod().equals("HEAD");
        ex.sendResponseHeaders(status, head ? -1 : bytes.length);
        if (!head) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(bytes);
            }
        }
    }
}
