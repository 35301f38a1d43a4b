package lab.loadgen.verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import lab.loadgen.results.Point;
import lab.loadgen.results.Results;
import lab.loadgen.results.Series;
import lab.report.Spread;
import lab.report.Verdict;

/**
 * Which mode wins, per app and scenario, by requests/sec of the closed-loop peak tool (wrk, else
 * httperf): the winner, every mode's ratio to jdbc with the range the repetitions allow, "no clear
 * winner" when the best two ranges overlap, and each mode's cost (live threads, heap, CPU).
 */
public record AppVerdict(String app, String tool, List<Row> rows) {

    /** The mode every ratio is to. */
    public static final String BASELINE = "jdbc";
    /** The tool (and mode) name of the database-ceiling series. */
    public static final String CEILING = "ceiling";

    /** One mode in one scenario: its req/s, ratio to jdbc, cost and flags, as the page prints them. */
    public record ModeCell(String mode, String requestsPerSec, String ratio, String cost, String flags,
                           String ofCeiling) {
    }

    /** @param ceiling the database ceiling's requests/sec at this concurrency (no HTTP), or null */
    public record Row(Scenario scenario, Verdict verdict, List<ModeCell> modes, Spread ceiling) {
        public String label() {
            return scenario.label();
        }

        public String summary() {
            return verdict.summary();
        }
    }

    /** Per app of the run, in the order met. */
    public static List<AppVerdict> of(Results r) {
        Set<String> apps = new LinkedHashSet<>();
        r.series().forEach(s -> apps.add(s.app()));
        List<AppVerdict> out = new ArrayList<>();
        for (String app : apps) {
            String tool = peakTool(r, app);
            if (tool != null) {
                out.add(of(app, tool, r.series().stream().filter(s -> s.app().equals(app) && s.tool().equals(tool)).toList(),
                        r.series().stream().filter(s -> s.app().equals(app) && s.tool().equals(CEILING)).findFirst().orElse(null)));
            }
        }
        return out;
    }

    private static String peakTool(Results r, String app) {
        for (String t : List.of("wrk", "httperf")) {
            if (r.series().stream().anyMatch(s -> s.app().equals(app) && s.tool().equals(t))) {
                return t;
            }
        }
        return null;
    }

    static AppVerdict of(String app, String tool, List<Series> series) {
        return of(app, tool, series, null);
    }

    /** @param ceiling the app's database-ceiling series (the portal's), or null */
    static AppVerdict of(String app, String tool, List<Series> series, Series ceiling) {
        Map<Integer, Spread> ceilings = new TreeMap<>();
        if (ceiling != null) {
            ceiling.points().forEach(p -> {
                if (p.concurrency() != null && requestsPerSec(p) != null) {
                    ceilings.put(p.concurrency(), requestsPerSec(p));
                }
            });
        }
        Map<Scenario, Map<String, Point>> byScenario = new TreeMap<>();
        // jdbc, the baseline, first; the other modes in the order given
        List<Series> ordered = new ArrayList<>(series);
        ordered.sort(java.util.Comparator.comparing(s -> !s.mode().equals(BASELINE)));
        for (Series s : ordered) {
            for (Point p : s.points()) {
                if (p.concurrency() != null) {
                    byScenario.computeIfAbsent(new Scenario(p.concurrency(), p.rttMs()), k -> new LinkedHashMap<>())
                            .put(s.mode(), p);
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        byScenario.forEach((scenario, modes) -> {
            Map<String, Spread> values = new LinkedHashMap<>();
            modes.forEach((mode, p) -> values.put(mode, requestsPerSec(p)));
            Verdict v = Verdict.of(scenario.label(), values, BASELINE, Verdict.Better.HIGHER);
            Spread top = scenario.rttMs() == null ? ceilings.get(scenario.concurrency()) : null;
            List<ModeCell> cells = new ArrayList<>();
            modes.forEach((mode, p) -> cells.add(cell(mode, p, v.modes().get(mode), top)));
            rows.add(new Row(scenario, v, cells, top));
        });
        return new AppVerdict(app, tool, rows);
    }

    /** The point's requests/sec with its spread; a single figure is a zero-width range; null when not measured. */
    public static Spread requestsPerSec(Point p) {
        if (p == null || p.requestsPerSec() == null || p.error() != null) {
            return null;
        }
        Spread s = p.spread() == null ? null : p.spread().get("requestsPerSec");
        return s != null ? s : Spread.of(p.requestsPerSec());
    }

    private static ModeCell cell(String mode, Point p, Verdict.Entry e, Spread ceiling) {
        String rps = e == null ? "—" : String.format(Locale.ROOT, "%.0f (%.0f–%.0f)", e.value().median(), e.value().min(), e.value().max());
        String ratio = e == null || e.ratio() == null || Double.isNaN(e.ratio().median()) ? "—"
                : String.format(Locale.ROOT, "%.2f× (%.2f–%.2f)", e.ratio().median(), e.ratio().min(), e.ratio().max());
        String cost = String.format(Locale.ROOT, "%s threads, %s MB heap, %s CPU",
                p.serverThreads() == null ? "—" : p.serverThreads().toString(),
                p.serverHeapMb() == null ? "—" : String.format(Locale.ROOT, "%.0f", p.serverHeapMb()),
                p.serverCpuPct() == null ? "—" : String.format(Locale.ROOT, "%.0f %%", p.serverCpuPct()));
        List<String> flags = new ArrayList<>();
        if (p.error() != null) {
            flags.add("failed");
        }
        if (p.hasFlag(Point.FLAG_BELOW_NOMINAL)) {
            flags.add("✕ < 80 % of nominal concurrency");
        }
        if (p.hasFlag(Point.FLAG_INTERFERENCE)) {
            flags.add("▲ interference");
        }
        String ofCeiling = e == null || ceiling == null || ceiling.median() <= 0 ? null
                : String.format(Locale.ROOT, "%.0f %% of the ceiling", e.value().median() / ceiling.median() * 100);
        return new ModeCell(mode, rps, ratio, cost, String.join(", ", flags), ofCeiling);
    }
}
