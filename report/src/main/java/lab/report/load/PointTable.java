package lab.report.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import lab.report.Fmt;
import lab.report.Spread;
import lab.report.results.Cost;
import lab.report.results.Point;
import lab.report.verdict.Flags;

/**
 * The table of every point of one app. A null figure is shown as "—" with a numbered note giving
 * the reason recorded for it (the same reason text gets the same number).
 */
public final class PointTable {

    /** A cell: its text, and for an unmeasured figure its note number and reason; href for links. */
    public record Cell(String text, Integer note, String title, String href, boolean numeric, List<Link> links) {
        Cell(String text, Integer note, String title, String href, boolean numeric) {
            this(text, note, title, href, numeric, List.of());
        }

        static Cell of(String text) {
            return new Cell(text, null, null, null, false);
        }

        static Cell number(String text) {
            return new Cell(text, null, null, null, true);
        }
    }

    /** A link in a cell (one per repetition's raw output). */
    public record Link(String text, String href) {
    }

    /** A point with where it came from; {@code rawBase} is prefixed to its raw files' names. */
    public record Source(String run, String mode, String tool, Point point, String rawBase,
                         List<lab.report.results.Run.Profile> profiles) {
        public Source(String run, String mode, String tool, Point point, String rawBase) {
            this(run, mode, tool, point, rawBase, List.of());
        }
    }

    private record Column(String header, String field, Function<Point, Object> value, String format) {
    }

    private static final List<Column> FIGURES = List.of(
            new Column("Goodput (successes/s)", "requestsPerSec", Point::requestsPerSec, "%.1f"),
            new Column("All answers/s", "answersPerSec", Point::answersPerSec, "%.1f"),
            new Column("Error rate (%)", "errorRatePct", Point::errorRatePct, "%.2f"),
            new Column("Mean reply (ms)", "meanReplyMs", Point::meanReplyMs, "%.2f"),
            new Column("p50 (ms)", "p50Ms", Point::p50Ms, "%.2f"),
            new Column("p90 (ms)", "p90Ms", Point::p90Ms, "%.2f"),
            new Column("p99 (ms)", "p99Ms", Point::p99Ms, "%.2f"),
            new Column("p99.9 (ms)", "p999Ms", Point::p999Ms, "%.2f"),
            new Column("Errors", "errors", Point::errors, "%d"),
            new Column("Failures' mean (ms)", "failureMeanMs", Point::failureMeanMs, "%.2f"),
            new Column("Pages with a failed panel", "failedPanels", Point::failedPanels, "%d"),
            new Column("Live threads (max)", "serverThreads", Point::serverThreads, "%d"),
            new Column("Heap (MB, max)", "serverHeapMb", Point::serverHeapMb, "%.1f"),
            new Column("Server CPU (% of machine)", "serverCpuPct", Point::serverCpuPct, "%.0f"),
            new Column("Tool CPU (% of a core)", "loadToolCpuPct", Point::loadToolCpuPct, "%.0f"),
            new Column("App CPU per success (ms)", "cost.cpuMsPerSuccess", p -> cost(p, Cost::cpuMsPerSuccess), "%.3f"),
            new Column("Successes per app CPU-second", "cost.successesPerCpuSecond", p -> cost(p, Cost::successesPerCpuSecond), "%.0f"),
            new Column("Heap MB per 1,000 connections", "cost.heapMbPerKConn", p -> cost(p, Cost::heapMbPerKConn), "%.0f"),
            new Column("Threads per 1,000 connections", "cost.threadsPerKConn", p -> cost(p, Cost::threadsPerKConn), "%.0f"),
            new Column("CPU left to it (cores)", "cost.cpuLeftCores", p -> cost(p, Cost::cpuLeftCores), "%.2f"),
            new Column("CPU per success by part (ms): app · link · databases · load tool · rest", "cost.cpuMsPerSuccessByPart",
                    p -> p.cost() == null || p.cost().cpuMsPerSuccessByPart() == null ? null
                            : Fmt.parts(p.cost().cpuMsPerSuccessByPart()), "%s"),
            new Column("The machine's speed: loadgen's fixed loop (CPU ms, lower is faster)", lab.report.results.Repetitions.HOST_LOOP,
                    p -> p.interference() == null ? null : p.interference().hostLoopMs(), "%.2f"),
            new Column("Instance's own RTT probe, behind the load (ms)", "queue.instanceRttMs",
                    p -> p.queue() == null ? null : p.queue().instanceRttMs(), "%.2f"),
            new Column("Queue: reply less the page's round trips (ms)", "queue.queueMs",
                    p -> p.queue() == null ? null : p.queue().queueMs(), "%.1f"));

    private static Double cost(Point p, Function<Cost, Double> f) {
        return p.cost() == null ? null : f.apply(p.cost());
    }

    private final boolean withRun;
    private final List<List<Cell>> rows = new ArrayList<>();
    private final Map<String, Integer> notes = new LinkedHashMap<>();

    public PointTable(boolean withRun) {
        this.withRun = withRun;
    }

    public List<String> getHeaders() {
        List<String> h = new ArrayList<>();
        if (withRun) {
            h.add("Run");
        }
        h.addAll(List.of("Mode", "Tool", "Connections", "RTT asked / on the link at rest (ms)", "Repetitions"));
        FIGURES.forEach(c -> h.add(c.header()));
        h.addAll(List.of("Achieved concurrency (Little; wrk: counted in flight)", "DB connections per source", "Others' CPU (% of a core)",
                "Flags / error", "Raw output; flame graphs of the point's warm-up run, before its repetitions"));
        return h;
    }

    public List<List<Cell>> getRows() {
        return rows;
    }

    /** The reasons, in note-number order. */
    public List<String> getNotes() {
        return List.copyOf(notes.keySet());
    }

    public void add(Source s) {
        Point p = s.point();
        List<Cell> row = new ArrayList<>();
        if (withRun) {
            row.add(Cell.of(s.run()));
        }
        row.add(Cell.of(s.mode()));
        row.add(Cell.of(s.tool()));
        row.add(Cell.number(p.concurrency() == null ? "—" : String.valueOf(p.concurrency())));
        row.add(rtt(p));
        row.add(Cell.number(p.repetitions() == null ? "1" : String.valueOf(p.repetitions().size())));
        for (Column c : FIGURES) {
            Object v = c.value().apply(p);
            Spread sp = p.spread() == null ? null : p.spread().get(c.field());
            String text = v == null ? null : v instanceof String str ? str : sp != null && sp.n() > 1 ? Fmt.spread(sp, c.format())
                    : String.format(Locale.ROOT, c.format(), v);
            row.add(v == null ? unmeasured(p, c.field()) : Cell.number(text));
        }
        row.add(Cell.number(inFlight(p)));
        row.add(Cell.of(p.dbConnections() == null ? "—" : p.dbConnections().toString()
                + (p.multiplexing() == null ? "" : p.multiplexing() ? ", multiplexed" : ", not multiplexed")));
        row.add(Cell.number(p.interference() == null ? "—" : String.format(Locale.ROOT, "%.1f", p.interference().otherPct())));
        row.add(Cell.of(flags(p)));
        row.add(rawLinks(p, s.rawBase(), s.profiles()));
        rows.add(row);
    }

    /** Little's law's in flight (wrk: its own count) and its share of the connections, else the tool's open connections. */
    private static String inFlight(Point p) {
        if (p.littleConcurrency() != null) {
            return String.format(Locale.ROOT, "%.1f (%s)", p.littleConcurrency(),
                    p.concurrencyShare() == null ? "—" : Math.round(p.concurrencyShare() * 100) + " %");
        }
        Double open = p.queue() == null ? null : p.queue().toolConnections();
        return open == null || p.concurrency() == null || p.concurrency() == 0 ? "—"
                : String.format(Locale.ROOT, "%.0f open (%d %%)", open, Math.round(100 * open / p.concurrency()));
    }

    private static Cell rawLinks(Point p, String base, List<lab.report.results.Run.Profile> profiles) {
        List<Link> links = new ArrayList<>();
        for (lab.report.results.Run.Profile profile : profiles) {
            if (profile.file() != null) {
                links.add(new Link(profile.event() + (profile.event().equals("wall") ? "-clock" : "") + " flame graph",
                        base + profile.file()));
            }
        }
        if (p.raw() != null) {
            links.add(new Link("output", base + p.raw()));
        }
        if (p.repetitions() != null) {
            for (int i = 0; i < p.repetitions().size(); i++) {
                String raw = p.repetitions().get(i).raw();
                if (raw != null) {
                    links.add(new Link("r" + (i + 1), base + raw));
                }
            }
        }
        return links.isEmpty() ? Cell.of("—") : new Cell("", null, null, null, false, links);
    }

    /** The RTT asked and the one at rest, or why none at rest was taken (a note). */
    private Cell rtt(Point p) {
        if (p.rttMs() == null) {
            return Cell.of("—");
        }
        String asked = Fmt.trimmed(p.rttMs()) + " / ";
        if (p.rttMeasuredMs() != null) {
            return Cell.of(asked + Fmt.trimmed(p.rttMeasuredMs()));
        }
        String why = p.unmeasured() == null ? null : p.unmeasured().get(Point.RTT_MEASURED);
        return why == null ? Cell.of(asked + "—") : new Cell(asked + "—", notes.computeIfAbsent(why, r -> notes.size() + 1), why, null, false);
    }

    private Cell unmeasured(Point p, String field) {
        Map<String, String> why = p.unmeasured() == null ? Map.of() : p.unmeasured();
        String reason = why.getOrDefault(field, why.getOrDefault("all", p.error() != null ? p.error() : "not recorded"));
        int n = notes.computeIfAbsent(reason, r -> notes.size() + 1);
        return new Cell("—", n, reason, null, true);
    }

    private static String flags(Point p) {
        List<String> parts = new ArrayList<>();
        if (p.error() != null) {
            parts.add("error: " + p.error());
        }
        if (Boolean.TRUE.equals(p.loadToolSaturated())) {
            parts.add("load tool saturated: " + p.saturationReason());
        }
        if (p.targetRate() != null) {
            parts.add(String.format(Locale.ROOT, "wrk2 -R %.0f", p.targetRate()));
        }
        if (p.achievedConcurrency() != null && p.concurrency() != null && p.achievedConcurrency() < p.concurrency()) {
            parts.add("httperf reached only " + p.achievedConcurrency() + " concurrent connections");
        }
        if (p.errorDetail() != null && !p.errorDetail().isEmpty()) {
            parts.add("errors by kind: " + p.errorDetail());
        }
        if (Point.ALL_ANSWERS.equals(p.latencyOf())) {
            parts.add("latencies include the failed answers (the tool cannot time them apart)");
        }
        Flags.describe(p).stream().filter(f -> !f.equals("failed")).forEach(parts::add);
        if (p.hasFlag(Point.FLAG_INTERFERENCE) && p.interference() != null) {
            parts.add("others: " + p.interference().otherInstancesCpuPct() + ", rest " + p.interference().unaccountedCpuPct());
        }
        return parts.isEmpty() ? "" : String.join("; ", parts);
    }
}
