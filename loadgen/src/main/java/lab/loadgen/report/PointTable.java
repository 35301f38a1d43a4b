package lab.loadgen.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import lab.loadgen.results.Point;

/**
 * The table of every point of one app. A null figure is shown as "—" with a numbered note giving
 * the reason recorded for it (the same reason text gets the same number).
 */
public final class PointTable {

    /** A cell: its text, and for an unmeasured figure its note number and reason; href for links. */
    public record Cell(String text, Integer note, String title, String href, boolean numeric) {
        static Cell of(String text) {
            return new Cell(text, null, null, null, false);
        }

        static Cell number(String text) {
            return new Cell(text, null, null, null, true);
        }
    }

    /** A point with where it came from. */
    public record Source(String run, String mode, String tool, Point point, String rawHref) {
    }

    private record Column(String header, String field, Function<Point, Object> value, String format) {
    }

    private static final List<Column> FIGURES = List.of(
            new Column("Requests/s", "requestsPerSec", Point::requestsPerSec, "%.1f"),
            new Column("Mean reply (ms)", "meanReplyMs", Point::meanReplyMs, "%.2f"),
            new Column("p50 (ms)", "p50Ms", Point::p50Ms, "%.2f"),
            new Column("p90 (ms)", "p90Ms", Point::p90Ms, "%.2f"),
            new Column("p99 (ms)", "p99Ms", Point::p99Ms, "%.2f"),
            new Column("p99.9 (ms)", "p999Ms", Point::p999Ms, "%.2f"),
            new Column("Errors", "errors", Point::errors, "%d"),
            new Column("Pages with a failed panel", "failedPanels", Point::failedPanels, "%d"),
            new Column("Live threads (max)", "serverThreads", Point::serverThreads, "%d"),
            new Column("Heap (MB, max)", "serverHeapMb", Point::serverHeapMb, "%.1f"),
            new Column("Server CPU (% of machine)", "serverCpuPct", Point::serverCpuPct, "%.0f"),
            new Column("Tool CPU (% of a core)", "loadToolCpuPct", Point::loadToolCpuPct, "%.0f"));

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
        h.addAll(List.of("Mode", "Tool", "Connections"));
        FIGURES.forEach(c -> h.add(c.header()));
        h.addAll(List.of("Flags / error", "Raw output"));
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
        for (Column c : FIGURES) {
            Object v = c.value().apply(p);
            row.add(v == null ? unmeasured(p, c.field()) : Cell.number(String.format(Locale.ROOT, c.format(), v)));
        }
        row.add(Cell.of(flags(p)));
        row.add(s.rawHref() == null ? Cell.of("—") : new Cell("output", null, null, s.rawHref(), false));
        rows.add(row);
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
        return parts.isEmpty() ? "" : String.join("; ", parts);
    }
}
