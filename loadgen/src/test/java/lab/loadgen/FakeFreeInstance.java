package lab.loadgen;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A small real HTTP server standing in for an app instance: a page at / and /mix, health at
 * /actuator/health and /health, and Prometheus text at /actuator/prometheus and /metrics whose
 * figures are this JVM's own (threads from ThreadMXBean, heap per pool, process CPU, JIT time) and
 * the pages it is serving and has answered (http_server_requests_in_flight, http_server_requests_seconds_count).
 */
public final class FakeFreeInstance implements AutoCloseable {

    private static final byte[] PAGE = ("<!DOCTYPE html><html><body><h1>test instance</h1>"
            + "<p>" + "x".repeat(400) + "</p></body></html>").getBytes(StandardCharsets.UTF_8);

    private final HttpServer server;
    /** The thread the page says served its panel, as the portal's page does ({@code data-thread}); null: none. */
    private volatile String panelThread;
    /** The pages being served, like the apps' http.server.requests.in.flight gauge. */
    private static final java.util.concurrent.atomic.AtomicInteger IN_FLIGHT = new java.util.concurrent.atomic.AtomicInteger();
    /** The pages answered, like the apps' http.server.requests timer's count (uri "/", status 200). */
    private static final java.util.concurrent.atomic.AtomicLong ANSWERED = new java.util.concurrent.atomic.AtomicLong();

    public FakeFreeInstance() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        server.createContext("/", this::handle);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
    }

    public void panelThread(String name) {
        panelThread = name;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** An instances.conf naming this server as the portal instance of one mode. */
    /** An instances.conf naming this one server once per mode (the same port: only the sweep's bookkeeping differs). */
    public Path writeConf(Path dir, String... modes) throws IOException {
        Path conf = dir.resolve("instances.conf");
        StringBuilder sb = new StringBuilder("# test\ndashboard  dashboard  -  8080  /health  -  /\n");
        for (String mode : modes) {
            sb.append("portal-").append(mode).append("  portal  ").append(mode).append("  ").append(port())
                    .append("  /actuator/health  /actuator/prometheus  /\n");
        }
        Files.writeString(conf, sb.toString());
        return conf;
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            switch (path) {
                case "/", "/mix" -> {
                    IN_FLIGHT.incrementAndGet();
                    try {
                        String thread = panelThread;
                        send(ex, 200, "text/html; charset=utf-8", thread == null ? PAGE
                                : ("<section data-thread=\"" + thread + "\"></section>" + new String(PAGE, StandardCharsets.UTF_8))
                                .getBytes(StandardCharsets.UTF_8));
                    } finally {
                        IN_FLIGHT.decrementAndGet();
                        ANSWERED.incrementAndGet();
                    }
                }
                case "/actuator/health", "/health" -> send(ex, 200, "application/json", "{\"status\":\"UP\"}".getBytes(StandardCharsets.UTF_8));
                case "/actuator/prometheus", "/metrics" -> send(ex, 200, "text/plain; version=0.0.4", metrics().getBytes(StandardCharsets.UTF_8));
                default -> send(ex, 404, "text/plain", "not found".getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    private static void send(HttpExchange ex, int status, String type, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(status, body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    /** The Micrometer names the apps expose, with this JVM's real values. */
    static String metrics() {
        StringBuilder sb = new StringBuilder();
        sb.append("# HELP jvm_threads_live_threads The current number of live threads\n")
                .append("# TYPE jvm_threads_live_threads gauge\n")
                .append("jvm_threads_live_threads{application=\"test\"} ")
                .append(ManagementFactory.getThreadMXBean().getThreadCount()).append('\n');
        sb.append("# TYPE jvm_memory_used_bytes gauge\n");
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            String area = pool.getType() == MemoryType.HEAP ? "heap" : "nonheap";
            sb.append("jvm_memory_used_bytes{area=\"").append(area).append("\",id=\"").append(pool.getName())
                    .append("\"} ").append(pool.getUsage().getUsed()).append('\n');
        }
        double cpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuLoad();
        sb.append("# TYPE process_cpu_usage gauge\n")
                .append("process_cpu_usage ").append(String.format(Locale.ROOT, "%.6f", Math.max(0, cpu))).append('\n');
        sb.append("# TYPE http_server_requests_in_flight gauge\n")
                .append("http_server_requests_in_flight ").append(IN_FLIGHT.get()).append('\n');
        sb.append("# TYPE http_server_requests_seconds summary\n")
                .append("http_server_requests_seconds_count{method=\"GET\",outcome=\"SUCCESS\",status=\"200\",uri=\"/\"} ")
                .append(ANSWERED.get()).append('\n')
                .append("http_server_requests_seconds_count{method=\"GET\",outcome=\"SUCCESS\",status=\"200\",uri=\"/actuator/prometheus\"} 7\n");
        sb.append("# TYPE jvm_compilation_time_ms_total counter\n")
                .append("jvm_compilation_time_ms_total ")
                .append(ManagementFactory.getCompilationMXBean().getTotalCompilationTime()).append('\n');
        return sb.toString();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
