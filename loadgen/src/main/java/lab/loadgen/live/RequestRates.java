package lab.loadgen.live;

import java.util.OptionalDouble;

import lab.loadgen.metrics.PrometheusText;

/**
 * Answers, goodput and errors per second between two scrapes of an instance's metrics, from the
 * apps' own {@code http.server.requests} timers (the portal's Spring meters, the shop's of the same
 * name): goodput is the 2xx answers (the load tools send {@code Prefer: handling=strict}, so a
 * degraded portal page is a 502), errors the rest. The lab's own probes (metrics, health) are left
 * out: the scrape would count itself.
 */
public final class RequestRates {

    static final String REQUESTS = "http_server_requests_seconds_count";

    /**
     * About a second of an instance, ending at {@code t} (epoch ms): answers, goodput and errors per
     * second, its live threads, and its CPU in % of the machine's cores (Micrometer's
     * process_cpu_usage × 100).
     */
    public record Sample(long t, String instance, double answers, double goodput, double errors,
                         Integer threads, Double cpuPct) {
    }

    /** The counters of one scrape, taken at {@code atMs}. */
    public record Counts(long atMs, double answers, double good, Integer threads, Double cpuPct) {
    }

    private RequestRates() {
    }

    /**
     * The counters in a scrape; null when it has no JVM figures (not an instance's metrics). No page
     * timer yet is no page answered yet (Micrometer registers a timer at its first request).
     */
    public static Counts counts(PrometheusText text, long atMs) {
        double all = 0;
        double good = 0;
        for (PrometheusText.Sample s : text.samples(REQUESTS)) {
            if (probe(s.label("uri")) || Double.isNaN(s.value())) {
                continue;
            }
            all += s.value();
            String status = s.label("status");
            if (status != null && status.startsWith("2")) {
                good += s.value();
            }
        }
        OptionalDouble threads = text.sum("jvm_threads_live_threads");
        OptionalDouble cpu = text.sum("process_cpu_usage");
        if (threads.isEmpty() && cpu.isEmpty()) {
            return null;
        }
        return new Counts(atMs, all, good, threads.isPresent() ? (int) threads.getAsDouble() : null,
                cpu.isPresent() ? Math.round(cpu.getAsDouble() * 1000.0) / 10.0 : null);
    }

    /** The rates from {@code before} to {@code after}; null when no time passed or a counter went back (a restart). */
    public static Sample between(String instance, Counts before, Counts after) {
        double sec = (after.atMs() - before.atMs()) / 1000.0;
        double answers = after.answers() - before.answers();
        double good = after.good() - before.good();
        if (sec <= 0 || answers < 0 || good < 0) {
            return null;
        }
        return new Sample(after.atMs(), instance, round(answers / sec), round(good / sec),
                round((answers - good) / sec), after.threads(), after.cpuPct());
    }

    private static double round(double v) {
        return Math.round(v * 10.0) / 10.0;
    }

    /** The lab's own probes: Spring's actuator, the shop's /metrics and /health. */
    static boolean probe(String uri) {
        return uri == null || uri.startsWith("/actuator") || uri.equals("/metrics") || uri.startsWith("/health");
    }
}
