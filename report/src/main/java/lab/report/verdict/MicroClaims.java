package lab.report.verdict;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.Supplier;

import lab.access.Mode;
import lab.report.Fmt;
import lab.report.Spread;
import lab.report.results.JmhScore;
import lab.report.verdict.Claim.Status;

/**
 * The claims of thesis chapter 4.1 (Table 4.1, Figures 4.1–4.5) checked against this run's JMH
 * scores. A ratio of two scores measured with at least {@link JmhScore#MIN_FORKS} forks each has the
 * load verdict's interval ({@link Pairwise#LEVEL}, Welch on the logarithms of the fork means); with
 * fewer, the range the two 99.9 % errors allow is shown, and decides nothing. A claim is decided only
 * on scores {@link MicroGate} lets decide (forks, and each fork on a quiet machine), and holds or fails
 * only when that range settles it; where it reaches across a bound, it is inconclusive.
 * "About N×" is read as within a factor 1.5 of N, and a gain beyond that band is "exceeded". The
 * thesis' thread-pool driver handed off fairly: its claims are judged on {@code threadpool-fair}.
 * A claim judged off the thesis' link (by the measured round trip) or driver says so in its status.
 */
public final class MicroClaims {

    /** The engine id of Figure 4.4's throw-away PostgreSQL servers (lab.microbench.thesis.FanOutBench). */
    public static final String THROWAWAY = "PG_THROWAWAY";

    public static final List<String> ENGINES = List.of("MYSQL", "POSTGRESQL");
    /** The thesis' three drivers of Table 4.1, as our variants (its thread pool driver had the fair hand-off). */
    static final String JDBC = Mode.JDBC.id();
    static final String UNFAIR_POOL = Mode.THREADPOOL.id();
    static final String POOL = UNFAIR_POOL + "-fair";
    static final String PIPELINED = Mode.NONBLOCKING.id() + "-pipelined";
    static final String UNPIPELINED = Mode.NONBLOCKING.id() + "-unpipelined";
    /** Table 4.1, mean ms over 1 Gb/s Ethernet: engine → JDBC, thread pool, Netty (pipelined). */
    public static final Map<String, double[]> THESIS_TABLE = Map.of("MYSQL", new double[] {23, 34.9, 4.84}, "POSTGRESQL", new double[] {25.9, 79.2, 5.65});
    /** Table 4.1's ratio of two of its drivers' means on {@code engine}: {@code slower} ÷ {@code faster} (0 JDBC, 1 pool, 2 Netty). */
    static double thesisRatio(String engine, int slower, int faster) {
        double[] t = THESIS_TABLE.get(engine);
        return t[slower] / t[faster];
    }
    /** The round trip the thesis measured each emulated link at, ms. */
    static final Map<String, Double> THESIS_RTT_MS = Map.of("lan", LoadClaims.THESIS_LAN_RTT_MS, "wan", 78.0);

    private MicroClaims() {
    }

    /** As {@link #of(Map, Map, List, List, Links)} with no measured round trips: the asked ones are judged on. */
    public static List<Claim> of(Map<String, List<JmhScore>> table, Map<String, List<JmhScore>> pipelining,
                                 List<JmhScore> horizontal, List<JmhScore> vertical) {
        return of(table, pipelining, horizontal, vertical, Links.NONE);
    }

    /**
     * What a micro run measured of its links, link id → engine → ms (a link or engine missing: not measured).
     *
     * @param probeMs the round trip a probe measured ({@code SELECT 1}, the fastest of three)
     * @param addedMs what the link adds to one query, as calibrated before the forks and checked after them
     *                (the check's figure where there is one), for links below 1 ms
     */
    public record Links(Map<String, Map<String, Double>> probeMs, Map<String, Map<String, Double>> addedMs) {

        public static final Links NONE = new Links(Map.of(), Map.of());

        JudgedLink.Figures of(String link, String engine) {
            return new JudgedLink.Figures(THESIS_RTT_MS.get(link), probeMs.getOrDefault(link, Map.of()).get(engine), null,
                    addedMs.getOrDefault(link, Map.of()).get(engine));
        }
    }

    /**
     * @param table      Table 4.1 scores by link id ("loopback", "lan"); a missing link is "not measured"
     * @param pipelining Figures 4.1–4.3 scores by link id ("loopback", "lan", "wan")
     * @param horizontal Figure 4.4 scores (empty = not run)
     * @param vertical   Figure 4.5 scores (empty = not run)
     * @param links      what the run measured of each link (JudgedLink judges "the thesis' link" on it)
     */
    public static List<Claim> of(Map<String, List<JmhScore>> table, Map<String, List<JmhScore>> pipelining,
                                 List<JmhScore> horizontal, List<JmhScore> vertical,
                                 Links links) {
        List<Claim> claims = new ArrayList<>();
        for (String link : List.of("loopback", "lan")) {
            for (String engine : ENGINES) {
                JudgedLink on = link(link, engine, LoadClaims.THESIS_LAN_RTT_MS, links);
                claims.add(tableFarFaster(link, engine, table.getOrDefault(link, List.of()), on).quoting(ThesisText.NETTY_FASTER));
                claims.add(tablePoolSlower(link, engine, table.getOrDefault(link, List.of()), on).quoting(ThesisText.POOL_SLOWER));
            }
        }
        claims.add(gain("Figure 4.1", "loopback", "MYSQL", "no clear gain from pipelining over loopback (off / on within 0.8–1.2×; "
                + "no figure in the thesis: \"no significant difference\" taken as within 20 % either way, twice the load rule's "
                + "margin, since a loopback query is a fraction of a millisecond)", r -> Claim.band(r, 0.8, 1.2, false),
                new double[] {0.8, 1.2}, pipelining, links).quoting(ThesisText.LOOPBACK_MYSQL));
        claims.add(gain("Figure 4.1", "loopback", "POSTGRESQL", "a small gain from pipelining over loopback (1.05–2×; no figure in "
                + "the thesis: \"small\" taken as a gain the verdict rule sees, 5 %, and under the 3× of gigabit Ethernet, under 2×)",
                r -> Claim.band(r, 1.05, 2, false), new double[] {1.05, 2}, pipelining, links).quoting(ThesisText.LOOPBACK_PG));
        Bar three = Bar.thesis(3);
        Bar five = Bar.thesis(5);
        for (String engine : ENGINES) {
            claims.add(gain("Figure 4.2", "lan", engine, "pipelining about 3× faster over gigabit Ethernet (0.19 ms; off ÷ on: "
                    + three.stated() + ")", three::judge, three.bounds(), pipelining, links).quoting(ThesisText.LAN_THREE));
            claims.add(significantAtTwo(engine, pipelining, links).quoting(ThesisText.LAN_TWO));
        }
        for (String engine : ENGINES) {
            claims.add(gain("Figure 4.3", "wan", engine, "pipelining about 5× faster over the 78 ms Internet link (off ÷ on: "
                    + five.stated() + ")", five::judge, five.bounds(), pipelining, links).quoting(ThesisText.WAN_FIVE));
        }
        ScalingClaims.growth("Figure 4.4", "servers", horizontal).forEach(c -> claims.add(c.quoting(ThesisText.HORIZONTAL)));
        ScalingClaims.growth("Figure 4.5", "connections", vertical).forEach(c -> claims.add(c.quoting(ThesisText.VERTICAL)));
        ScalingClaims.linear(vertical).forEach(c -> claims.add(c.quoting(ThesisText.LINEAR)));
        return claims;
    }

    private static String linkName(String link) {
        return switch (link) {
            case "lan" -> "0.19 ms link";
            case "wan" -> "78 ms link";
            default -> "loopback";
        };
    }

    public static String engineName(String engine) {
        return engine.equals("MYSQL") ? "MySQL" : "PostgreSQL";
    }

    /**
     * Whether {@code c} is a claim of {@code figure} ("Figure 4.2") about {@code engine} (null: any), as
     * this class and {@link ScalingClaims} name a claim's source: the figure, then the engine's name.
     */
    public static boolean about(Claim c, String figure, String engine) {
        return c.source().startsWith(figure) && (engine == null || c.source().contains(", " + engineName(engine)));
    }

    /** The setting note of a claim on {@code engine}: the lab's MySQL is MariaDB ({@link Claim#MARIADB}). */
    static String serverKind(String engine) {
        return engine.equals("MYSQL") ? Claim.MARIADB : "";
    }

    static Claim notMeasured(String source, String claim, String why) {
        return new Claim(source, claim, Status.NOT_MEASURED, why);
    }

    /**
     * The link a claim on {@code link} was measured on, against the thesis' ({@code thesisRttMs}); loopback
     * is the thesis' own where the thesis measured over loopback ({@code thesisRttMs} null).
     */
    private static JudgedLink link(String link, String engine, Double thesisRttMs, Links links) {
        Double measured = links.probeMs().getOrDefault(link, Map.of()).get(engine);
        if (link.equals("loopback")) {
            return thesisRttMs == null ? new JudgedLink("over loopback, as the thesis", "")
                    : new JudgedLink("over loopback, not the thesis' 1 GbE" + (measured == null ? "" : " ("
                    + Fmt.trimmed(measured) + " ms measured RTT)"), "off the thesis' link: loopback, thesis 1 GbE");
        }
        return JudgedLink.of(link, thesisRttMs, links.of(link, engine));
    }

    /** A score as the verdict rule takes it: its interval, and its fork means as samples where it has enough forks. */
    private static Verdict.Candidate candidate(JmhScore s) {
        return new Verdict.Candidate(s.spread(), s.forkMeans(), List.of());
    }

    /** How a ratio's range of the two scores was made, for the claim's text. */
    private static String rangeOf(JmhScore a, JmhScore b) {
        return !a.forkMeans().isEmpty() && !b.forkMeans().isEmpty()
                ? Math.round(Pairwise.LEVEL * 100) + " % interval of the fork means (" + a.forkMeans().size() + " and " + b.forkMeans().size() + " forks)"
                : "the range the 99.9 % errors allow (fewer than " + JmhScore.MIN_FORKS + " forks)";
    }

    /**
     * What would decide a ratio of {@code a} to {@code b} left inconclusive against {@code bounds}: its
     * forks (the fork means' interval needs {@link JmhScore#MIN_FORKS} a side), or "" when decided.
     */
    private static String toDecide(Status status, Spread ratio, JmhScore a, JmhScore b, double... bounds) {
        return toDecide(Arrays.asList(a, b), forks -> status != Status.INCONCLUSIVE ? "" : Claim.toDecide(ratio, forks, "forks", bounds));
    }

    /**
     * "; to decide: …" for a figure of these scores: what {@link MicroGate} wants of them where it refuses
     * them, else {@code what} of the fewest forks a side ("" when it names nothing) and the forks' load
     * averages, which showed the machine quiet.
     */
    static String toDecide(List<JmhScore> scores, IntFunction<String> what) {
        String refusal = MicroGate.refusal(scores);
        if (!refusal.isEmpty()) {
            return "; " + refusal;
        }
        String s = what.apply(scores.stream().mapToInt(x -> x.forkMeans().size()).min().orElseThrow());
        return (s.isEmpty() ? "" : "; " + s) + "; " + MicroGate.quietNote(scores);
    }

    /** {@code rule}'s status where {@link MicroGate} lets {@code scores} decide and each has an error, else inconclusive. */
    static Status gated(Collection<JmhScore> scores, Supplier<Status> rule) {
        return !MicroGate.refusal(scores).isEmpty() || scores.stream().anyMatch(s -> s.spread().n() == 0) ? Status.INCONCLUSIVE : rule.get();
    }

    // ---- Table 4.1

    /**
     * "The performance difference is significant": pipelined faster than JDBC and the fair pool, each ratio
     * against the thesis' own (Table 4.1: JDBC ÷ Netty, pool ÷ Netty) by {@link Bar#thesis}.
     */
    private static Claim tableFarFaster(String link, String engine, List<JmhScore> scores, JudgedLink on) {
        String source = "Table 4.1, " + engineName(engine) + ", " + linkName(link);
        Bar overJdbc = Bar.thesis(thesisRatio(engine, 0, 2));
        Bar overPool = Bar.thesis(thesisRatio(engine, 1, 2));
        String claim = "pipelined non-blocking is far faster than JDBC and the fair thread pool (thesis, 1 GbE: " + thesisRow(engine)
                + " ms; JDBC ÷ Netty: " + overJdbc.stated() + "; pool ÷ Netty: " + overPool.stated() + ")";
        Map<String, JmhScore> three = three(engine, scores);
        if (three.values().stream().anyMatch(s -> s == null)) {
            return notMeasured(source, claim, missing(link));
        }
        List<Status> checks = new ArrayList<>();
        List<String> ratios = new ArrayList<>();
        boolean mayDecide = MicroGate.refusal(three.values()).isEmpty();
        for (String slower : List.of(JDBC, POOL)) {
            Bar bar = slower.equals(JDBC) ? overJdbc : overPool;
            Spread r = Verdict.ratio(candidate(three.get(slower)), candidate(three.get(PIPELINED)));
            Status check = gated(three.values(), () -> bar.judge(r));
            checks.add(check);
            String decide = mayDecide && check == Status.INCONCLUSIVE ? Claim.toDecide(r, forks(three.values()), "forks", bar.bounds()) : "";
            ratios.add(slower + " ÷ pipelined = " + Fmt.ratioRange(r) + " (" + check.label() + ")" + (decide.isEmpty() ? "" : "; " + decide));
        }
        return new Claim(source, claim, Claim.all(checks), on.text() + ": " + values(three) + "; " + String.join(", ", ratios)
                + toDecide(List.copyOf(three.values()), forks -> ""), on.offSetting()).offBy(serverKind(engine));
    }

    private static Claim tablePoolSlower(String link, String engine, List<JmhScore> scores, JudgedLink on) {
        String source = "Table 4.1, " + engineName(engine) + ", " + linkName(link);
        double[] t = THESIS_TABLE.get(engine);
        Bar bar = Bar.thesis(thesisRatio(engine, 1, 0));
        String claim = "the thread-pool driver is slower than JDBC (thesis: " + Fmt.num(t[1]) + " vs " + Fmt.num(t[0])
                + " ms; pool ÷ JDBC: " + bar.stated() + ")";
        Map<String, JmhScore> two = new LinkedHashMap<>();
        two.put(JDBC, find(scores, engine, JDBC));
        two.put(POOL, find(scores, engine, POOL));
        if (two.values().stream().anyMatch(s -> s == null)) {
            return notMeasured(source, claim, missing(link));
        }
        Spread r = Verdict.ratio(candidate(two.get(POOL)), candidate(two.get(JDBC)));
        Status status = gated(two.values(), () -> bar.judge(r));
        return new Claim(source, claim, status, on.text() + ": " + values(two) + "; "
                + ratio(two.get(POOL), two.get(JDBC), POOL + " / jdbc") + " (" + rangeOf(two.get(POOL), two.get(JDBC)) + ")"
                + toDecide(status, r, two.get(POOL), two.get(JDBC), bar.bounds()), on.offSetting()).offBy(serverKind(engine));
    }

    private static String missing(String link) {
        return link.equals("lan")
                ? "no Table 4.1 scores over the emulated 0.19 ms link (the thesis' setting) in this run"
                : "no Table 4.1 scores over loopback in this run";
    }

    private static String thesisRow(String engine) {
        double[] t = THESIS_TABLE.get(engine);
        return "JDBC " + Fmt.num(t[0]) + ", thread pool " + Fmt.num(t[1]) + ", Netty " + Fmt.num(t[2]);
    }

    private static Map<String, JmhScore> three(String engine, List<JmhScore> scores) {
        Map<String, JmhScore> m = new LinkedHashMap<>();
        for (String v : List.of(JDBC, POOL, PIPELINED)) {
            m.put(v, find(scores, engine, v));
        }
        return m;
    }

    // ---- Figures 4.1–4.3

    /** Off ÷ on at the most requests measured, judged by {@code rule} against {@code bounds}. */
    private static Claim gain(String figure, String link, String engine, String claim, java.util.function.Function<Spread, Status> rule,
                              double[] bounds, Map<String, List<JmhScore>> pipelining, Links links) {
        String source = figure + ", " + engineName(engine);
        List<JmhScore> scores = pipelining.getOrDefault(link, List.of());
        String most = scores.stream().map(s -> s.param("requests")).filter(r -> r.matches("\\d+"))
                .max((a, b) -> Integer.compare(Integer.parseInt(a), Integer.parseInt(b))).orElse(null);
        JmhScore off = most == null ? null : find(scores, Map.of("engine", engine, "variant", UNPIPELINED, "requests", most));
        JmhScore on = most == null ? null : find(scores, Map.of("engine", engine, "variant", PIPELINED, "requests", most));
        if (off == null || on == null) {
            return notMeasured(source, claim, "no pipelining scores over " + linkName(link) + " in this run");
        }
        JudgedLink where = link(link, engine, THESIS_RTT_MS.get(link), links);
        Spread r = Verdict.ratio(candidate(off), candidate(on));
        Status status = gated(List.of(off, on), () -> rule.apply(r));
        return new Claim(source, claim, status, String.format(Locale.ROOT, "%s, %s requests: pipelining off %s ms, on %s ms; "
                        + "off / on = %s (range %s–%s, %s)%s",
                where.text(), most, off.withError(), on.withError(), Fmt.ratio(r.median()), Fmt.ratio(r.min()), Fmt.ratio(r.max()),
                rangeOf(off, on), toDecide(status, r, off, on, bounds)), where.offSetting()).offBy(serverKind(engine));
    }

    /**
     * Figure 4.2's "significant after just two requests": at 2 requests over the 0.19 ms link, the
     * verdict rule on pipelining off and on (pipelined ahead by ≥ 5 %, the interval above 1).
     * Not reproduced when pipelining loses, or when even the top of the ratio's range is under 5 %.
     */
    private static Claim significantAtTwo(String engine, Map<String, List<JmhScore>> pipelining,
                                          Links links) {
        String source = "Figure 4.2, " + engineName(engine);
        String claim = "the gain from pipelining is significant after just two requests (0.19 ms link)";
        List<JmhScore> scores = pipelining.getOrDefault("lan", List.of());
        JmhScore off = find(scores, Map.of("engine", engine, "variant", UNPIPELINED, "requests", "2"));
        JmhScore on = find(scores, Map.of("engine", engine, "variant", PIPELINED, "requests", "2"));
        if (off == null || on == null) {
            return notMeasured(source, claim, "needs pipelining off and on at 2 requests over the 0.19 ms link; this run has requests "
                    + distinct(scores, "requests"));
        }
        JudgedLink where = link("lan", engine, LoadClaims.THESIS_LAN_RTT_MS, links);
        Map<String, Verdict.Candidate> two = new LinkedHashMap<>();
        two.put(UNPIPELINED, candidate(off));
        two.put(PIPELINED, candidate(on));
        Verdict v = Verdict.decide(source, two, UNPIPELINED, Verdict.Better.LOWER);
        Spread r = Verdict.ratio(candidate(off), candidate(on));
        Status status = gated(List.of(off, on), () -> v.clear() ? (v.winner().equals(PIPELINED) ? Status.REPRODUCED : Status.NOT_REPRODUCED)
                : r.max() < Verdict.MIN_EFFECT ? Status.NOT_REPRODUCED : Status.INCONCLUSIVE);
        return new Claim(source, claim, status, String.format(Locale.ROOT,
                "%s, 2 requests: pipelining off %s ms, on %s ms; off / on = %s; %s%s", where.text(), off.withError(),
                on.withError(), Fmt.ratioRange(r), v.clear() ? "clear winner: " + v.winner() : v.summary(),
                toDecide(status, r, off, on, 1.0, Verdict.MIN_EFFECT)), where.offSetting()).offBy(serverKind(engine));
    }

    // ---- helpers

    /** The fewest fork means of {@code scores}. */
    private static int forks(Collection<JmhScore> scores) {
        return scores.stream().mapToInt(x -> x.forkMeans().size()).min().orElse(0);
    }

    private static String values(Map<String, JmhScore> scores) {
        List<String> parts = new ArrayList<>();
        scores.forEach((k, v) -> parts.add(k + " " + v.withError() + " ms"));
        return String.join(", ", parts);
    }

    private static String ratio(JmhScore a, JmhScore b, String what) {
        return what + " = " + Fmt.ratioRange(Verdict.ratio(candidate(a), candidate(b)));
    }

    public static JmhScore find(List<JmhScore> scores, String engine, String variant) {
        return find(scores, Map.of("engine", engine, "variant", variant));
    }

    public static JmhScore find(List<JmhScore> scores, Map<String, String> params) {
        return scores.stream().filter(s -> params.entrySet().stream().allMatch(p -> s.param(p.getKey()).equals(p.getValue())))
                .findFirst().orElse(null);
    }

    public static List<String> distinct(List<JmhScore> scores, String param) {
        return scores.stream().map(s -> s.param(param)).distinct()
                .sorted((a, b) -> a.matches("\\d+") && b.matches("\\d+") ? Integer.compare(Integer.parseInt(a), Integer.parseInt(b)) : 0)
                .toList();
    }
}
