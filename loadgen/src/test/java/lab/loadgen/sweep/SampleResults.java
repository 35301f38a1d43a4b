package lab.loadgen.sweep;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lab.loadgen.Fixtures;
import lab.loadgen.metrics.ServerMetrics;
import lab.report.results.Machine;
import lab.report.results.Point;
import lab.report.results.Results;
import lab.report.results.Run;
import lab.report.results.Series;
import lab.report.results.ToolInfo;
import lab.loadgen.tool.Measurement;

/**
 * Results made of real tool outputs (the test fixtures) and real server figures (this test
 * JVM's own thread count and heap), for report tests that need no load run.
 */
public final class SampleResults {

    private SampleResults() {
    }

    private static Point point(int level, String fixture) {
        Measurement m = Fixtures.parse(fixture);
        var threads = ManagementFactory.getThreadMXBean().getThreadCount();
        double heapMb = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / (1024.0 * 1024.0);
        ServerMetrics s = new ServerMetrics(threads, heapMb, null, null, 1, null);
        return Points.of(new Points.RepetitionData(level, m, s, null, null, null, "raw/" + fixture, "2026-01-01T00:00:00Z"));
    }

    private static Series series(String mode, String tool, List<Point> points) {
        return new Series("portal", mode, tool, "portal-" + mode, "http://127.0.0.1:8081/", points);
    }

    public static Results portal(String id) {
        List<Series> series = new ArrayList<>();
        for (String mode : List.of("jdbc", "virtual")) {
            series.add(series(mode, "httperf", List.of(point(1, "httperf-refused.txt"), point(50, "httperf-ok.txt"),
                    point(200, "httperf-timeouts.txt"))));
            series.add(series(mode, "wrk", List.of(point(10, "wrk-timeouts.txt"), point(20, "wrk-latency.txt"),
                    point(50, "wrk-slow.txt"))));
            series.add(series(mode, "wrk2", List.of(point(10, "wrk2-timeouts.txt"), point(20, "wrk2-latency.txt"),
                    point(50, "wrk2-overload.txt"))));
        }
        Machine machine = new Machine(2, 24105L, "test OS", "test JVM", "localhost", true, "fixture data", "native", "none", java.util.Map.of("mysql server", "MariaDB 10.11"));
        Map<String, ToolInfo> tools = Map.of(
                "httperf", new ToolInfo(true, true, "/usr/bin/httperf", "httperf-0.9.0", null, List.of("requestsPerSec")),
                "wrk", new ToolInfo(true, true, "/usr/bin/wrk", "wrk 4.1.0", null, List.of("requestsPerSec")),
                "wrk2", new ToolInfo(true, true, "/usr/bin/wrk2", "wrk2", null, List.of("p99Ms")));
        Run run = new Run(id, "2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z", "quick", machine, "complete", "listed",
                tools, Map.of(), List.of("figures from the fixture outputs <test>"), null, null, "loopback", null);
        return new Results(run, series);
    }
}
