package lab.report.load;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;

import lab.report.results.Point;
import lab.report.results.Results;
import lab.report.results.Series;
import lab.report.Spread;
import lab.report.Verdict;

/**
 * The answer map of one app: a grid of load × link round trip, each cell the verdict of that
 * scenario by one of three measures — goodput (higher is better), p99 reply time and CPU per
 * successful request (lower is better) — with the winner's figure and its ratio to jdbc; per
 * asynchronous mode the crossover; and one sentence, generated from the cells, that answers
 * "blocking or asynchronous?" for this machine.
 *
 * @param levels  the load levels (rows), ascending
 * @param rtts    the round trips (columns), ascending
 * @param grids   per measure, its grid
 */
public record AnswerMap(String app, String tool, List<Integer> levels, List<Double> rtts, List<Grid> grids,
                        List<Crossover> crossover, String sentence, List<String> disagreements) {

    /** A map needs at least this many levels and round trips to be one. */
    static final int MIN_LEVELS = 2;
    static final int MIN_RTTS = 2;

    /** One measure: its cells by level, then by RTT (null where the run has no point). */
    public record Grid(String key, String title, String unit, List<List<Cell>> rows) {
    }

    /**
     * One scenario by one measure.
     *
     * @param winner the clear winner, or null
     * @param best   the best mode by median (the winner when clear)
     * @param value  the best mode's figure, "median (min–max)"
     * @param ratio  the best mode's figure ÷ jdbc's, "3.1× (2.8–3.5)"; null without jdbc
     * @param reason why there is no clear winner; null when there is one
     */
    public record Cell(int level, double rttMs, String winner, String best, String value, String ratio, String reason,
                       Double ratioMedian, Double cpuLeftCores) {
        public boolean clear() {
            return winner != null;
        }
    }

    /** What one measure reads from a repetition, and which way is better. */
    record Measure(String key, String title, String unit, Function<Point, Double> perRepetition, Verdict.Better better,
                   String format) {
    }

    /** The maps of a run: one per app whose points span at least two levels and two round trips. */
    public static List<AnswerMap> of(Results r) {
        int cores = r.run().machine() == null || r.run().machine().cpus() == null ? 0 : r.run().machine().cpus();
        List<AnswerMap> maps = new ArrayList<>();
        for (AppVerdict v : AppVerdict.of(r)) {
            List<Series> series = r.series().stream().filter(s -> s.app().equals(v.app()) && s.tool().equals(v.tool()))
                    .toList();
            AnswerMap m = of(v, series, cores);
            if (m != null) {
                maps.add(m);
            }
        }
        return maps;
    }

    static AnswerMap of(AppVerdict v, List<Series> series, int cores) {
        TreeSet<Integer> levels = new TreeSet<>();
        TreeSet<Double> rtts = new TreeSet<>();
        v.rows().forEach(row -> {
            if (row.scenario().rttMs() != null) {
                levels.add(row.scenario().concurrency());
                rtts.add(row.scenario().rttMs());
            }
        });
        if (levels.size() < MIN_LEVELS || rtts.size() < MIN_RTTS) {
            return null;
        }
        List<Measure> measures = List.of(
                new Measure("goodput", "Throughput: goodput, complete successes/s (higher is better)", "successes/s",
                        Point::requestsPerSec, Verdict.Better.HIGHER, "%.0f"),
                new Measure("p99", "p99 reply time of the successes (lower is better)", "ms",
                        Point::p99Ms, Verdict.Better.LOWER, "%.1f"),
                new Measure("cpu", "Efficiency: the app's CPU per successful request (lower is better)", "CPU ms/success",
                        p -> cpuMsPerSuccess(p, cores), Verdict.Better.LOWER, "%.2f"));
        List<Grid> grids = new ArrayList<>();
        for (Measure measure : measures) {
            List<List<Cell>> rows = new ArrayList<>();
            for (int level : levels) {
                List<Cell> cells = new ArrayList<>();
                for (double rtt : rtts) {
                    cells.add(cell(measure, level, rtt, pointsAt(series, level, rtt)));
                }
                rows.add(cells);
            }
            grids.add(new Grid(measure.key(), measure.title(), measure.unit(), rows));
        }
        AnswerMap partial = new AnswerMap(v.app(), v.tool(), List.copyOf(levels), List.copyOf(rtts), grids,
                Crossover.of(v), null, List.of());
        return new AnswerMap(v.app(), v.tool(), partial.levels, partial.rtts, grids, partial.crossover,
                Sentence.of(partial, v), disagreements(partial));
    }

    /** Per mode, its point at this level and round trip. */
    private static Map<String, Point> pointsAt(List<Series> series, int level, double rtt) {
        Map<String, Point> m = new LinkedHashMap<>();
        List<Series> ordered = new ArrayList<>(series);
        ordered.sort(Comparator.comparing(s -> !s.mode().equals(AppVerdict.BASELINE)));
        for (Series s : ordered) {
            s.points().stream().filter(p -> Objects.equals(p.concurrency(), level) && p.rttMs() != null
                    && Math.abs(p.rttMs() - rtt) < 1e-9).reduce((a, b) -> b).ifPresent(p -> m.put(s.mode(), p));
        }
        return m;
    }

    static Cell cell(Measure measure, int level, double rtt, Map<String, Point> points) {
        Map<String, Verdict.Candidate> candidates = new LinkedHashMap<>();
        points.forEach((mode, p) -> candidates.put(mode, candidate(measure, p)));
        if (candidates.values().stream().allMatch(Objects::isNull)) {
            return new Cell(level, rtt, null, null, "not measured", null, "not measured", null, null);
        }
        Verdict v = Verdict.decide("", candidates, AppVerdict.BASELINE, measure.better());
        String best = v.clear() ? v.winner() : v.modes().entrySet().stream()
                .sorted(Comparator.comparingDouble(e -> (measure.better() == Verdict.Better.HIGHER ? -1 : 1)
                        * e.getValue().value().median()))
                .map(Map.Entry::getKey).findFirst().orElse(null);
        Verdict.Entry e = v.modes().get(best);
        Spread value = e.value();
        Spread ratio = e.ratio();
        Point p = points.get(best);
        return new Cell(level, rtt, v.clear() ? v.winner() : null, best,
                String.format(Locale.ROOT, measure.format() + " (" + measure.format() + "–" + measure.format() + ")",
                        value.median(), value.min(), value.max()),
                ratio == null || Double.isNaN(ratio.median()) ? null : LoadClaims.ratioText(ratio),
                v.clear() ? null : v.summary(), ratio == null ? null : ratio.median(),
                p.cost() == null ? null : p.cost().cpuLeftCores());
    }

    /**
     * The app's CPU per success: from /proc ({@link lab.report.results.Cost}), else from the app's own
     * process CPU metric (a share of the machine) × cores, per success per second.
     */
    static Double cpuMsPerSuccess(Point p, int cores) {
        if (p.cost() != null && p.cost().cpuMsPerSuccess() != null) {
            return p.cost().cpuMsPerSuccess();
        }
        if (p.serverCpuPct() == null || p.requestsPerSec() == null || p.requestsPerSec() <= 0 || cores <= 0) {
            return null;
        }
        return p.serverCpuPct() / 100.0 * cores * 1000.0 / p.requestsPerSec();
    }

    private static Verdict.Candidate candidate(Measure measure, Point p) {
        if (p == null || p.error() != null) {
            return null;
        }
        List<Double> samples = p.repetitions() == null || p.repetitions().isEmpty()
                ? java.util.Collections.singletonList(measure.perRepetition().apply(p))
                : p.repetitions().stream().filter(r -> r.error() == null).map(measure.perRepetition()).toList();
        List<Double> known = samples.stream().filter(Objects::nonNull).toList();
        return known.isEmpty() ? null : Verdict.Candidate.of(known, p.flags());
    }

    public Grid grid(String key) {
        return grids.stream().filter(g -> g.key().equals(key)).findFirst().orElseThrow();
    }

    /** Where the clear winner by CPU per request is not the clear winner by goodput. */
    static List<String> disagreements(AnswerMap m) {
        List<String> out = new ArrayList<>();
        Grid goodput = m.grid("goodput");
        Grid cpu = m.grid("cpu");
        for (int i = 0; i < m.levels().size(); i++) {
            for (int j = 0; j < m.rtts().size(); j++) {
                Cell g = goodput.rows().get(i).get(j);
                Cell c = cpu.rows().get(i).get(j);
                if (g.clear() && c.clear() && !g.winner().equals(c.winner())) {
                    out.add(String.format(Locale.ROOT, "at %d connections and %s: %s serves the most, %s spends the least CPU per success",
                            g.level(), Sentence.rtt(g.rttMs()), g.winner(), c.winner()));
                }
            }
        }
        return out;
    }

    /** The cell of a measure at a level and RTT. */
    Optional<Cell> at(String key, int level, double rtt) {
        int i = levels.indexOf(level);
        int j = rtts.indexOf(rtt);
        return i < 0 || j < 0 ? Optional.empty() : Optional.ofNullable(grid(key).rows().get(i).get(j));
    }
}
