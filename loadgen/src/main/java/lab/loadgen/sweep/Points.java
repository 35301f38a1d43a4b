package lab.loadgen.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lab.loadgen.metrics.ServerMetrics;
import lab.report.results.Cost;
import lab.report.results.Interference;
import lab.report.results.Point;
import lab.loadgen.tool.Measurement;
import lab.loadgen.tool.ProcessRunner;

/** Builds a results {@link Point} from what the tool, the metrics endpoint and /proc said. */
final class Points {


    private Points() {
    }

    /**
     * A closed loop whose connections got no answer of any kind in the whole window served nothing:
     * a failed repetition (a loss), not an absence that lets the other modes win without it (the
     * shop's jdbc mode at 1,000 connections and 78 ms: 0 requests, 0 errors, in every repetition).
     */
    static Measurement silentIsFailed(RepetitionData d) {
        Measurement m = d.m();
        boolean silent = d.closedLoop() && m.error() == null && m.requests() != null && m.requests() == 0
                && (m.errors() == null || m.errors() == 0);
        return !silent ? m : Measurement.failed(String.format(java.util.Locale.ROOT,
                "no answer within the %s s window from %d connections: every reply took longer",
                m.durationSec() == null ? "whole" : String.format(java.util.Locale.ROOT, "%.1f", m.durationSec()), d.level()));
    }

    /**
     * What one repetition produced, before it becomes a {@code Point}.
     *
     * @param correctedMean whether the tool's mean reply is corrected with synthetic samples (wrk 4), so no measured mean */
    record RepetitionData(int level, Measurement m, ServerMetrics server, ProcessRunner.Outcome outcome,
                    String saturation, Integer targetRate, String raw, String started, Interference interference,
                    Double rttMs, Integer cores, boolean correctedMean) {
        RepetitionData(int level, Measurement m, ServerMetrics server, ProcessRunner.Outcome outcome,
                 String saturation, Integer targetRate, String raw, String started) {
            this(level, m, server, outcome, saturation, targetRate, raw, started, null, null, null, false);
        }

        /** A closed-loop tool holds its connections busy; a fixed-rate one is given a rate. */
        boolean closedLoop() {
            return targetRate == null;
        }
    }

    static Point of(RepetitionData d) {
        Measurement m = silentIsFailed(d);
        Map<String, String> unmeasured = new LinkedHashMap<>(m.unmeasured());
        ServerMetrics s = d.server();
        String serverWhy = s.error() != null ? s.error() : null;
        if (s.maxThreads() == null) {
            unmeasured.put("serverThreads", serverWhy != null ? serverWhy : "no jvm_threads_live_threads in the instance's metrics");
        }
        if (s.maxHeapMb() == null) {
            unmeasured.put("serverHeapMb", serverWhy != null ? serverWhy : "no jvm_memory_used_bytes{area=\"heap\"} in the instance's metrics");
        }
        if (s.meanCpuPct() == null) {
            unmeasured.put("serverCpuPct", serverWhy != null ? serverWhy : "no process_cpu_usage in the instance's metrics");
        }
        if (s.failedPanels() == null) {
            unmeasured.put("failedPanels", serverWhy != null ? serverWhy
                    : "no portal_panel_failures_total in the instance's metrics (only the portal's pages have panels)");
        }
        Double cpuSec = d.outcome() == null ? null : d.outcome().cpuSec();
        Double cpuPct = cpuSec == null || d.outcome().wallSec() <= 0 ? null : cpuSec / d.outcome().wallSec() * 100.0;
        if (cpuSec == null) {
            unmeasured.put("loadToolCpuPct", d.outcome() == null ? "the tool did not run"
                    : "/proc/self/stat unavailable: child CPU time unknown");
        }
        List<String> flags = new ArrayList<>();
        if (d.saturation() != null) {
            flags.add(Point.FLAG_SATURATED);
        }
        if (m.error() != null) {
            flags.add(Point.FLAG_FAILED);
        }
        Double errorRate = round(m.errorRatePct());
        if (errorRate != null && errorRate > Point.ERROR_LIMIT_PCT) {
            flags.add(Point.FLAG_ERRORS);
        }
        // in flight = every answer's rate × every answer's measured time, whatever their status. wrk 4
        // corrects its histogram for coordinated omission with synthetic samples, so its mean is no
        // measured mean and rate × it is no count (the shop at 10,000 connections read 5,700; it also
        // leaves out what is still unanswered at the end: shop jdbc at 1,000 connections read 193). For
        // wrk, Little's law is taken by its other side: the status script counts the requests in
        // flight itself, from each request's start to its answer, and averages them over the window.
        // The app's own count in flight is kept beside it, but it leaves out what waits in the sockets
        // (an event loop that blocks serves one request at a time). A closed-loop tool cannot have more
        // in flight than its connections; a flag needs the app's own figure to agree (an open-loop
        // tool's corrected times include the wait for the scheduled send, so its product is no count).
        Double little = d.correctedMean() ? m.inFlightMean() : Point.little(m.answersPerSec(), m.answersMeanMs());
        if (little == null && d.correctedMean()) {
            unmeasured.put("littleConcurrency", "wrk's mean reply is corrected for coordinated omission with synthetic "
                    + "samples, and its status script counted nothing in flight (a Lua without a clock): the tool's "
                    + "open connections are beside it");
        }
        if (d.closedLoop() && Point.inconsistent(little, s.inFlight(), d.level())) {
            flags.add(Point.FLAG_INCONSISTENT);
        }
        if (d.interference() == null) {
            unmeasured.put("interference", "no /proc on this machine, or the repetition did not run");
        }
        Double instanceRtt = s.linkRttMs() == null || s.linkRttMs().isEmpty() ? null
                : round(s.linkRttMs().values().stream().mapToDouble(Double::doubleValue).average().orElseThrow());

        Measurement.Latencies l = m.latencies();
        return new Point(d.level(), m.requestsPerSec(), m.meanReplyMs(), l.p50(), l.p99(), m.errors(),
                s.maxThreads(), round(s.maxHeapMb()),
                l.p75(), l.p90(), l.p999(), l.max(), m.requests(), m.durationSec(),
                d.targetRate() == null ? null : d.targetRate().doubleValue(), m.achievedConcurrency(),
                round(s.meanCpuPct()), round(cpuPct), cpuSec, d.saturation() != null, d.saturation(),
                m.errorDetail(), s.failedPanels(), unmeasured, flags, m.error(), d.raw(), d.started(),
                little, null, null, d.interference(), d.rttMs(),
                null, s.poolSize() == null || s.poolSize().isEmpty() ? null : s.poolSize(), s.multiplexing(),
                m.successes(), round(m.answersPerSec()), errorRate, round(m.failureMeanMs()), m.latencyOf(),
                cost(d, m, s, unmeasured), new Point.Queue(instanceRtt, null, null, s.inFlight(), s.toolConnections()));
    }

    /** What the successes cost the instance, from its /proc CPU (interference meter) and its metrics. */
    private static Cost cost(RepetitionData d, Measurement m, ServerMetrics s, Map<String, String> unmeasured) {
        Interference i = d.interference();
        Double appCpu = i == null ? null : i.instanceCpuPct();
        if (appCpu == null) {
            unmeasured.put("cost.cpuMsPerSuccess", i == null ? "no /proc on this machine" : "the instance's PID is not in the "
                    + "lab's PID files (a container or another host): its CPU time is unknown");
        }
        Double perRunSecond = m.successesPerRunSecond();
        return Cost.of(perRunSecond, appCpu, s.maxHeapMb(), s.maxThreads(), d.level(), d.cores(),
                i == null ? null : i.machineBusyPct()).withParts(parts(i, d), perRunSecond);
    }

    /** The CPU of each part of the machine over the repetition, % of a core; null without the per-process figures. */
    static Map<String, Double> parts(Interference i, RepetitionData d) {
        if (i == null || i.instanceCpuPct() == null) {
            return null;
        }
        Map<String, Double> parts = new LinkedHashMap<>();
        parts.put("app", i.instanceCpuPct());
        if (i.databaseCpuPct() != null) {
            parts.putAll(i.databaseCpuPct()); // the link (toxiproxy) and each database server
        }
        Double tool = d.outcome() == null || d.outcome().cpuSec() == null || d.outcome().wallSec() <= 0 ? null
                : d.outcome().cpuSec() / d.outcome().wallSec() * 100.0;
        if (tool != null) {
            parts.put("load tool", tool);
        }
        double others = i.otherInstancesCpuPct() == null ? 0
                : i.otherInstancesCpuPct().values().stream().mapToDouble(Double::doubleValue).sum();
        parts.put("rest", (i.unaccountedCpuPct() == null ? 0 : i.unaccountedCpuPct()) + others);
        return parts;
    }

    /** A point that could not run at all (instance down, no rate for wrk2, Ctrl-C, ...). */
    static Point failed(int level, String error, String raw, String started) {
        return of(new RepetitionData(level, Measurement.failed(error),
                new ServerMetrics(null, null, null, null, 0, "the repetition did not run"), null, null, null, raw, started));
    }

    private static Double round(Double v) {
        return v == null ? null : Math.round(v * 100.0) / 100.0;
    }
}
