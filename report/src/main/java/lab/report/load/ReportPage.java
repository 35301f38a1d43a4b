package lab.report.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import lab.report.results.Results;
import lab.report.ChartJs;
import lab.report.results.ResultsJson;
import lab.report.results.Series;

/**
 * The self-contained HTML page of one run, or of several runs drawn over each other: run facts,
 * per app the charts (drawn by Chart.js, inlined) and the table of every point.
 */
public final class ReportPage {

    /** What each tool is, shown next to its charts. */
    static final Map<String, String> TOOL_NOTES = ordered(
            "httperf", "httperf, as in the thesis (appendix A.2): all connections opened at once, a fixed number "
                    + "of calls per connection; reply time = response + transfer; no percentiles",
            "wrk", "wrk, closed loop (a connection sends its next request when the last reply arrives): the peak "
                    + "throughput probe; its percentiles are blind to coordinated omission",
            "wrk2", "wrk2, open loop at a fixed fraction of wrk's peak at the same level: latency percentiles "
                    + "corrected for coordinated omission (HdrHistogram)",
            "oha", "oha, open loop at a fixed fraction of wrk's peak at the same level (-q with --latency-correction): "
                    + "latency percentiles corrected for coordinated omission, read from its JSON report; the native "
                    + "stand-in for wrk2, which is not packaged");

    private ReportPage() {
    }

    private static Map<String, String> ordered(String... keysAndValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    /** Writes one run's page. */
    public static void write(Results results, Path html) {
        write(List.of(results), html, "");
    }

    /**
     * Writes a page overlaying several runs.
     *
     * @param runPrefix how the page reaches a run folder from where it is written (e.g. "../")
     */
    public static void write(List<Results> runs, Path html, String runPrefix) {
        try {
            Files.createDirectories(html.toAbsolutePath().getParent());
            Files.writeString(html, render(runs, runPrefix));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + html + ": " + e.getMessage(), e);
        }
    }

    static String render(List<Results> runs, String runPrefix) {
        boolean overlay = runs.size() > 1;
        Set<String> apps = new LinkedHashSet<>();
        runs.forEach(r -> r.series().forEach(s -> apps.add(s.app())));
        List<Map<String, Object>> appViews = new ArrayList<>();
        for (String app : apps) {
            PointTable table = new PointTable(overlay);
            for (Results r : runs) {
                String base = overlay ? runPrefix + r.run().id() + "/" : "";
                r.series().stream().filter(s -> s.app().equals(app)).forEach(s -> s.points().forEach(p ->
                        table.add(new PointTable.Source(r.run().id(), s.mode(), s.tool(), p, base,
                                profilesOf(r, s, p)))));
            }
            appViews.add(Map.of("name", app, "table", table));
        }
        Map<String, Object> model = new LinkedHashMap<>();
        String ids = String.join(" vs ", runs.stream().map(r -> r.run().id()).toList());
        model.put("title", (overlay ? "Load tests compared: " : "Load test ") + ids);
        model.put("overlay", overlay);
        model.put("runs", runs.stream().map(Results::run).toList());
        model.put("apps", appViews);
        model.put("toolNotes", TOOL_NOTES);
        model.putAll(VerdictView.model(runs.getFirst()));
        model.put("chartJs", ChartJs.script());
        model.put("chartJsVersion", ChartJs.version());
        model.put("data", ResultsJson.forScript(chartData(runs, apps)));
        return lab.report.Templates.toolkit().render("report.ftlh", model);
    }

    /** The profiles taken at this point's warm-up (CPU; wall-clock too at the highest load and round trip). */
    static List<lab.report.results.Run.Profile> profilesOf(Results r, Series s, lab.report.results.Point p) {
        if (r.run().profiles() == null || p.concurrency() == null) {
            return List.of();
        }
        return r.run().profiles().stream().filter(x -> x.app().equals(s.app()) && x.mode().equals(s.mode())
                && x.tool().equals(s.tool()) && x.concurrency() == p.concurrency()
                && java.util.Objects.equals(x.rttMs(), p.rttMs())).toList();
    }

    private static Map<String, Object> chartData(List<Results> runs, Set<String> apps) {
        List<Map<String, Object>> series = new ArrayList<>();
        Map<String, Object> tools = new LinkedHashMap<>();
        for (Results r : runs) {
            if (r.run().tools() != null) {
                r.run().tools().forEach(tools::putIfAbsent);
            }
            for (Series s : r.series()) {
                series.add(Map.of("run", r.run().id(), "app", s.app(), "mode", s.mode(), "tool", s.tool(),
                        "points", s.points()));
            }
        }
        return Map.of("runs", runs.stream().map(r -> r.run().id()).toList(), "apps", List.copyOf(apps),
                "series", series, "tools", tools, "toolNotes", TOOL_NOTES);
    }
}
