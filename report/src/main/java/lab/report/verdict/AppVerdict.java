package lab.report.verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import lab.access.Mode;
import lab.report.Spread;
import lab.report.results.Point;
import lab.report.results.Results;
import lab.report.results.Run;
import lab.report.results.Scenario;
import lab.report.results.Series;

/**
 * Which mode wins, per app and scenario, by goodput (complete successes per second) of the
 * closed-loop peak tool (wrk, else httperf), decided by {@link Verdict}'s rule on the repetitions:
 * the winner, every mode's ratio to jdbc with the range the repetitions allow, and each mode's
 * cost (live threads, heap, CPU). A flagged point (errors above 1 %, interference, a tool at its
 * limit, fewer connections in flight than asked or more than possible, failed repetitions) never
 * wins.
 */
public record AppVerdict(String app, String tool, List<Row> rows) {

    /** The mode every ratio is to. */
    public static final String BASELINE = Mode.JDBC.id();
    /** The tool (and mode) name of the database-ceiling series. */
    public static final String CEILING = "ceiling";

    /** One mode in one scenario: its req/s, ratio to jdbc, cost and flags, as the page prints them. */
    public record ModeCell(String mode, String requestsPerSec, String ratio, String cost, String flags,
                           String ofCeiling, Double errorRatePct, String errors) {
    }

    /**
     * @param ceiling       the database ceiling's requests/sec at this concurrency (no HTTP), or null
     * @param rttMeasuredMs the median of the link round trips measured at rest beside this scenario's
     *                      points (null: none measured; the scenario's RTT is the one asked for)
     * @param replies       per mode its mean reply time per round, ms, with its flags (the thesis' Figures 4.7 and 4.9)
     * @param held          per mode the load its point held by its two counts in flight ({@link Point#held}), read
     *                      from the point's figures, so that a run recorded before the flag existed is gated alike
     */
    public record Row(Scenario scenario, Verdict verdict, List<ModeCell> modes, Spread ceiling, Double rttMeasuredMs,
                      Map<String, Verdict.Candidate> replies, Map<String, Point.Held> held) {
        public Row(Scenario scenario, Verdict verdict, List<ModeCell> modes, Spread ceiling) {
            this(scenario, verdict, modes, ceiling, null, Map.of(), Map.of());
        }

        /** The load the mode's point held here; not counted where the mode has no point. */
        public Point.Held held(String mode) {
            return held.getOrDefault(mode, Point.Held.NOT_COUNTED);
        }

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
                        r.series().stream().filter(s -> s.app().equals(app) && s.tool().equals(CEILING)).findFirst().orElse(null),
                        r.run() == null ? null : r.run().rounds()));
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

    public static AppVerdict of(String app, String tool, List<Series> series) {
        return of(app, tool, series, null);
    }

    public static AppVerdict of(String app, String tool, List<Series> series, Series ceiling) {
        return of(app, tool, series, ceiling, null);
    }

    /**
     * @param ceiling the app's database-ceiling series (the portal's), or null
     * @param rounds  the run's rounds as they ran; when there are any, a mode that no round of its
     *                scenario lists ran apart (loadgen's fair pass, a mode alone) and is compared
     *                unpaired; null or empty: the repetitions are taken as rounds, as before rounds
     *                were recorded
     */
    public static AppVerdict of(String app, String tool, List<Series> series, Series ceiling, List<Run.Round> rounds) {
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
            Map<String, Verdict.Candidate> values = new LinkedHashMap<>();
            Map<String, Verdict.Candidate> replies = new LinkedHashMap<>();
            Map<String, Point.Held> held = new LinkedHashMap<>();
            modes.forEach((mode, p) -> {
                held.put(mode, p.held());
                boolean paired = inRounds(rounds, app, tool, scenario, mode);
                Verdict.Candidate c = candidate(p);
                values.put(mode, c == null || paired ? c : c.unpaired());
                Verdict.Candidate reply = candidate(p, Point::meanReplyMs);
                if (reply != null) {
                    replies.put(mode, paired ? reply : reply.unpaired());
                }
            });
            Verdict v = Verdict.decide(scenario.label(), values, BASELINE, Verdict.Better.HIGHER);
            Spread top = scenario.rttMs() == null ? ceilings.get(scenario.concurrency()) : null;
            List<ModeCell> cells = new ArrayList<>();
            modes.forEach((mode, p) -> cells.add(cell(mode, p, v.modes().get(mode), top)));
            Spread measured = Spread.of(modes.values().stream().map(Point::rttMeasuredMs).toList());
            rows.add(new Row(scenario, v, cells, top, measured == null ? null : measured.median(), replies, held));
        });
        return new AppVerdict(app, tool, rows);
    }

    /** Whether the mode's repetitions in this scenario are rounds shared with the others (see {@link #of}). */
    private static boolean inRounds(List<Run.Round> rounds, String app, String tool, Scenario s, String mode) {
        return rounds == null || rounds.isEmpty() || rounds.stream().anyMatch(r -> r.app().equals(app) && r.tool().equals(tool)
                && r.concurrency() == s.concurrency() && java.util.Objects.equals(r.rttMs(), s.rttMs())
                && r.order().contains(mode));
    }

    /**
     * The point's goodput per repetition (per round, for the pairwise rule), with its flags; a point
     * that failed in every repetition is a loss; null when there is no point.
     */
    public static Verdict.Candidate candidate(Point p) {
        return candidate(p, Point::requestsPerSec);
    }

    /**
     * One measure of a point per round: null where that repetition failed; a point that failed in
     * every repetition is a {@linkplain Verdict.Candidate#loss loss}; null when there is no point or
     * the measure was not taken.
     */
    public static Verdict.Candidate candidate(Point p, java.util.function.Function<Point, Double> measure) {
        if (p == null) {
            return null;
        }
        if (p.error() != null) {
            return Verdict.Candidate.loss(p.repetitions() == null ? 1 : p.repetitions().size());
        }
        List<Double> byRound = new ArrayList<>();
        if (p.repetitions() == null || p.repetitions().isEmpty()) {
            byRound.add(measure.apply(p));
        } else {
            // a repetition left out of the point (a flaw of its own) is no round of it, as a failed one
            p.repetitions().forEach(r -> byRound.add(r.error() == null && !r.leftOutOf(p) ? measure.apply(r) : null));
        }
        return Verdict.Candidate.ofRounds(byRound, p.flags());
    }

    /** The point's requests/sec with its spread; a single figure is a zero-width range; null when not measured. */
    public static Spread requestsPerSec(Point p) {
        if (p == null || p.requestsPerSec() == null || p.error() != null) {
            return null;
        }
        Spread s = p.spread() == null ? null : p.spread().get("requestsPerSec");
        return s != null ? s : Spread.of(p.requestsPerSec());
    }

    /** "no errors", or the error rate with the failures by kind, e.g. "2.1 % errors (status503 40, timeout 2)". */
    static String errors(Point p) {
        if (p.errorRatePct() == null) {
            return p.errors() == null ? "errors not counted" : p.errors() + " errors";
        }
        if (p.errorRatePct() == 0) {
            return "no errors";
        }
        StringBuilder kinds = new StringBuilder();
        if (p.errorDetail() != null) {
            p.errorDetail().forEach((k, n) -> kinds.append(kinds.isEmpty() ? "" : ", ").append(k).append(' ').append(n));
        }
        return String.format(Locale.ROOT, "%.2f %% errors%s", p.errorRatePct(), kinds.isEmpty() ? "" : " (" + kinds + ")");
    }

    private static ModeCell cell(String mode, Point p, Verdict.Entry e, Spread ceiling) {
        String rps = e == null ? "—" : String.format(Locale.ROOT, "%.0f (%.0f–%.0f)", e.value().median(), e.value().min(), e.value().max());
        String ratio = e == null ? "—" : lab.report.Fmt.ratioRange(e.ratio());
        String cost = String.format(Locale.ROOT, "%s threads, %s MB heap, %s CPU",
                p.serverThreads() == null ? "—" : p.serverThreads().toString(),
                p.serverHeapMb() == null ? "—" : String.format(Locale.ROOT, "%.0f", p.serverHeapMb()),
                p.serverCpuPct() == null ? "—" : String.format(Locale.ROOT, "%.0f %%", p.serverCpuPct()));
        List<String> flags = new ArrayList<>(Flags.describe(p));
        boolean aboveCeiling = e != null && ceiling != null && ceiling.median() > 0 && e.value().median() > ceiling.median();
        if (aboveCeiling) {
            flags.add("▲ above the DB-only rate: that rate is no upper bound on this machine");
        }
        String ofCeiling = e == null || ceiling == null || ceiling.median() <= 0 || aboveCeiling ? null
                : String.format(Locale.ROOT, "%.0f %% of the DB-only rate", e.value().median() / ceiling.median() * 100);
        return new ModeCell(mode, rps, ratio, cost, String.join(", ", flags), ofCeiling, p.errorRatePct(), errors(p));
    }
}
