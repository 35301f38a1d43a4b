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

import lab.report.Spread;
import lab.report.results.Point;
import lab.report.results.Results;
import lab.report.results.Series;
import lab.report.verdict.AppVerdict;
import lab.report.verdict.CellRule;
import lab.report.verdict.Flags;
import lab.report.verdict.LoadClaims;
import lab.report.verdict.Pairwise;
import lab.report.verdict.Verdict;

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
 * @param rttLabels per round trip, what the column is: the link's name and the round trip measured
 *                at rest through the proxies (median of the points' probes)
 * @param kept    per mode at the highest load, the goodput it keeps as the round trip grows
 */
public record AnswerMap(String app, String tool, List<Integer> levels, List<Double> rtts, List<Grid> grids,
                        List<Crossover> crossover, String sentence, List<String> disagreements,
                        List<String> rttLabels, List<KeptShare> kept) {

    /** The portal page's queries on its busiest source (5 lookups on each contacts source): what holds a connection longest. */
    public static final int PORTAL_BUSIEST_SOURCE_QUERIES = 5;

    /** A map needs at least this many levels and round trips to be one. */
    static final int MIN_LEVELS = 2;
    static final int MIN_RTTS = 2;

    /** One measure: its cells by level, then by RTT (null where the run has no point). */
    public record Grid(String key, String title, String unit, List<List<Cell>> rows) {
    }

    /**
     * One scenario by one measure, answering "blocking or asynchronous?" by {@link lab.report.verdict.Pairwise}'s
     * rule, each asynchronous mode against jdbc.
     *
     * @param answer   {@link #ASYNC} (the best asynchronous mode is separated from jdbc, in its favour),
     *                 {@link #BLOCKING} (jdbc is ahead of every asynchronous mode), or null (grey)
     * @param winner   the winners in words: "nonblocking ≈ reactive" (the best mode and every mode the
     *                 rule does not show at least 10 % behind it, {@link CellRule#winners}), or "jdbc"; null when grey
     * @param best     the best asynchronous mode by median (jdbc where there is none)
     * @param value    the best mode's figure, "median (min–max)"
     * @param ratio    the best asynchronous mode's figure ÷ jdbc's with its interval, "10.1× (9.2–10.2)"
     * @param reason   why the cell is grey, in words; null when it answers
     * @param ranking  the asynchronous modes ranked where the rule separates them ("nonblocking ≈
     *                 reactive > virtual > threadpool"); null with fewer than two
     * @param stackParts what the web server and the driver each contribute ({@link StackParts}); null
     *                 where the cell has no pair of instances that differ in one of them only
     * @param losses   the modes that failed in every repetition here (a loss, shown in red)
     */
    public record Cell(int level, double rttMs, String answer, String winner, String best, String value, String ratio,
                       String reason, String ranking, String stackParts, List<String> losses, Double ratioMedian, Double cpuLeftCores,
                       Double appCores) {
        public static final String ASYNC = "asynchronous";
        public static final String BLOCKING = "blocking";

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
            AnswerMap m = of(v, series, cores, r.run().directAtRestMs(), r.run()::calibratedAt);
            if (m != null) {
                maps.add(m);
            }
        }
        return maps;
    }

    static AnswerMap of(AppVerdict v, List<Series> series, int cores) {
        return of(v, series, cores, null, rtt -> Map.of());
    }

    /**
     * @param directMs     a direct query at rest (no proxy, ms; null: not measured), what the columns' links add to
     * @param calibratedAt per round trip, what its link's calibration measured per source (empty: not calibrated)
     */
    static AnswerMap of(AppVerdict v, List<Series> series, int cores, Double directMs,
                        java.util.function.DoubleFunction<Map<String, Double>> calibratedAt) {
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
        List<String> labels = rtts.stream().map(rtt -> rttLabel(rtt, series, directMs, calibratedAt.apply(rtt))).toList();
        List<KeptShare> kept = KeptShare.of(v.app(), series, levels.last(), List.copyOf(rtts), cores);
        AnswerMap partial = new AnswerMap(v.app(), v.tool(), List.copyOf(levels), List.copyOf(rtts), grids,
                Crossover.of(v), null, List.of(), labels, kept);
        return new AnswerMap(v.app(), v.tool(), partial.levels, partial.rtts, grids, partial.crossover,
                Sentence.of(partial, v), disagreements(partial), labels, kept);
    }

    /**
     * "0.19 ms (lan, the thesis' 1 GbE) · SELECT 1 at rest: 0.22 ms (+0.14 ms over a direct query) ·
     * calibrated: contacts_mysql +0.192, contacts_pg +0.180 ms per query over loopback": the link
     * asked for, what the probes saw, and what its calibration measured (Table 4.1's measure).
     */
    static String rttLabel(double rtt, List<Series> series, Double directMs, Map<String, Double> calibrated) {
        String label = probedLabel(rtt, series, directMs);
        if (calibrated.isEmpty()) {
            return label;
        }
        return label + " · calibrated: " + calibrated.entrySet().stream()
                .map(e -> e.getKey() + String.format(Locale.ROOT, " %+.3f", e.getValue()))
                .collect(java.util.stream.Collectors.joining(", ")) + " ms per query over loopback";
    }

    /** The link asked for, and what the probes saw. */
    private static String probedLabel(double rtt, List<Series> series, Double directMs) {
        String name = rtt == 0 ? "0 ms (the proxy hop alone)"
                : Math.abs(rtt - LoadClaims.THESIS_LAN_RTT_MS) < 1e-9 ? Sentence.rtt(rtt) + " (lan, the thesis' 1 GbE)"
                : Math.abs(rtt - 78) < 1e-9 ? Sentence.rtt(rtt) + " (wan, the thesis' Internet link)" : Sentence.rtt(rtt);
        Spread measured = measuredAtRest(rtt, series);
        Spread hop = rtt == 0 ? null : measuredAtRest(0.0, series);
        if (measured == null) {
            return name;
        }
        // what the link adds per query: this column's probe less a direct query (the links are calibrated so,
        // proxy hop included), else less the proxy hop's (the 0 ms column)
        // a slower reference was not at rest (probes at a map's start read 0.6-1.1 ms): no negative link
        String added = directMs != null && directMs < measured.median()
                ? String.format(Locale.ROOT, " (%+.2f ms over a direct query)", measured.median() - directMs)
                : hop == null ? ""
                : hop.median() <= measured.median()
                ? String.format(Locale.ROOT, " (%+.2f ms over the proxy hop)", measured.median() - hop.median())
                : String.format(Locale.ROOT, " (the proxy hop's own probes read %.2f ms: not at rest)", hop.median());
        return String.format(Locale.ROOT, "%s · SELECT 1 at rest: %.2f ms", name, measured.median()) + added;
    }

    /** The median round trip the points' probes saw at rest at this link, or null. */
    private static Spread measuredAtRest(double rtt, List<Series> series) {
        return Spread.of(series.stream().flatMap(s -> s.points().stream())
                .filter(p -> p.rttMs() != null && Math.abs(p.rttMs() - rtt) < 1e-9 && p.rttMeasuredMs() != null)
                .map(Point::rttMeasuredMs).toList());
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
        points.forEach((mode, p) -> {
            Verdict.Candidate c = AppVerdict.candidate(p, measure.perRepetition());
            if (c != null) {
                candidates.put(mode, c);
            }
        });
        if (candidates.isEmpty()) {
            return new Cell(level, rtt, null, null, null, "not measured", null, "not measured", null, null, List.of(), null,
                    null, null);
        }
        Verdict.Better better = measure.better();
        List<String> losses = candidates.entrySet().stream().filter(e -> e.getValue().isLoss()).map(Map.Entry::getKey).toList();
        List<String> asyncModes = CellRule.asyncModes(candidates, better);
        Verdict.Candidate jdbc = candidates.get(AppVerdict.BASELINE);
        String ranking = CellRule.ranking(asyncModes, candidates, better);
        String stackParts = StackParts.of(candidates, better);
        if (asyncModes.isEmpty() || jdbc == null) {
            String only = asyncModes.isEmpty() ? AppVerdict.BASELINE : asyncModes.getFirst();
            return new Cell(level, rtt, null, null, only, figure(measure, candidates.get(only)), null,
                    asyncModes.isEmpty() ? "no asynchronous mode measured here" : "jdbc not measured here", ranking, stackParts,
                    losses, null, cpuLeft(points.get(only)), appCores(points.get(only)));
        }
        String best = CellRule.best(asyncModes, candidates, better);
        Verdict.Candidate b = candidates.get(best);
        Pairwise.Comparison vsJdbc = Pairwise.compare(best, b, AppVerdict.BASELINE, jdbc, better);
        Spread r = vsJdbc.ratio();
        String ratio = ratioText(r, jdbc);
        Double ratioMedian = ratioMedian(r);
        Point bp = points.get(best);
        String above = CellRule.undecidedAhead(best, asyncModes, candidates, better);
        if (above != null) {
            // an undecided mode measured ahead of what the cell would name decides nothing, and hides the answer
            Verdict.Candidate a = candidates.get(above);
            Pairwise.Comparison aVsJdbc = Pairwise.compare(above, a, AppVerdict.BASELINE, jdbc, better);
            String behind = vsJdbc.outcome() == Pairwise.Outcome.FIRST ? best : AppVerdict.BASELINE;
            return new Cell(level, rtt, null, null, above, figure(measure, a), ratioText(aVsJdbc.ratio(), jdbc),
                    undecided(above, a, aVsJdbc, better) + ", and it measured ahead of " + behind + ": measure " + above
                            + " again", ranking, stackParts, losses, ratioMedian(aVsJdbc.ratio()), cpuLeft(points.get(above)),
                    appCores(points.get(above)));
        }
        return switch (vsJdbc.outcome()) {
            case FIRST -> {
                List<String> winners = CellRule.winners(best, asyncModes, candidates, better);
                yield new Cell(level, rtt, Cell.ASYNC, String.join(" ≈ ", winners), best, figure(measure, b), ratio, null,
                        ranking, stackParts, losses, ratioMedian, cpuLeft(bp), appCores(bp));
            }
            case SECOND -> new Cell(level, rtt, Cell.BLOCKING, AppVerdict.BASELINE, best, figure(measure, jdbc), ratio,
                    null, ranking, stackParts, losses, ratioMedian, cpuLeft(points.get(AppVerdict.BASELINE)),
                    appCores(points.get(AppVerdict.BASELINE)));
            case TIE -> new Cell(level, rtt, null, null, best, figure(measure, b), ratio,
                    "the rule cannot separate " + best + " from jdbc", ranking, stackParts, losses, ratioMedian, cpuLeft(bp),
                    appCores(bp));
            case UNDECIDED -> new Cell(level, rtt, null, null, best, figure(measure, b), ratio,
                    Flags.inWords(vsJdbc.why()), ranking, stackParts, losses, ratioMedian, cpuLeft(bp), appCores(bp));
        };
    }

    /** Why a mode decides nothing: its flags, else why the rule cannot separate it from jdbc. */
    private static String undecided(String mode, Verdict.Candidate c, Pairwise.Comparison vsJdbc, Verdict.Better better) {
        if (!Pairwise.blocking(c, null, better).isEmpty()) {
            return Flags.inWords(Pairwise.flagged(mode, c));
        }
        return vsJdbc.outcome() == Pairwise.Outcome.UNDECIDED ? Flags.inWords(vsJdbc.why())
                : "the rule cannot separate " + mode + " from jdbc";
    }

    /** A ratio to jdbc as the cell prints it; none against a jdbc that failed in every repetition (infinite: the cell's loss line says it). */
    private static String ratioText(Spread r, Verdict.Candidate jdbc) {
        return r == null || Double.isNaN(r.median()) || jdbc.isLoss() ? null : LoadClaims.ratioText(r);
    }

    private static Double ratioMedian(Spread r) {
        return r == null || Double.isNaN(r.median()) ? null : r.median();
    }

    private static String figure(Measure measure, Verdict.Candidate c) {
        if (c.isLoss()) {
            return "failed in every repetition";
        }
        Spread v = c.value();
        return String.format(Locale.ROOT, measure.format() + " (" + measure.format() + "–" + measure.format() + ")",
                v.median(), v.min(), v.max());
    }

    private static Double cpuLeft(Point p) {
        return p == null || p.cost() == null ? null : p.cost().cpuLeftCores();
    }

    /** The app's own CPU over the point, in cores (from /proc), or null. */
    private static Double appCores(Point p) {
        return p == null || p.interference() == null || p.interference().instanceCpuPct() == null ? null
                : p.interference().instanceCpuPct() / 100.0;
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
                if (g.answer() != null && c.answer() != null && !g.answer().equals(c.answer())) {
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
