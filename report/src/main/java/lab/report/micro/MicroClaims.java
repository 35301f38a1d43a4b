package lab.report.micro;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import lab.access.Mode;
import lab.report.Fmt;
import lab.report.results.JmhScore;
import lab.report.Claim;
import lab.report.Claim.Status;
import lab.report.Spread;
import lab.report.Verdict;

/**
 * The claims of thesis chapter 4.1 (Table 4.1, Figures 4.1–4.5) checked against this run's JMH
 * scores. Every status is computed from the scores' 99.9 % intervals: a claim holds or fails only
 * when the intervals settle it; where they overlap, or an error is unknown, it is inconclusive.
 * "About N×" is read as within a factor 1.5 of N.
 */
public final class MicroClaims {

    /** The engine id of Figure 4.4's throw-away PostgreSQL servers (lab.microbench.thesis.FanOutBench). */
    public static final String THROWAWAY = "PG_THROWAWAY";

    public static final List<String> ENGINES = List.of("MYSQL", "POSTGRESQL");
    /** The thesis' three drivers of Table 4.1, as our variants (its thread pool driver had the fair hand-off). */
    static final String JDBC = Mode.JDBC.id();
    static final String POOL = Mode.THREADPOOL.id() + "-fair";
    static final String PIPELINED = Mode.NONBLOCKING.id() + "-pipelined";
    static final String UNPIPELINED = Mode.NONBLOCKING.id() + "-unpipelined";
    /** Table 4.1, mean ms over 1 Gb/s Ethernet: engine → JDBC, thread pool, Netty (pipelined). */
    public static final Map<String, double[]> THESIS_TABLE = Map.of("MYSQL", new double[] {23, 34.9, 4.84}, "POSTGRESQL", new double[] {25.9, 79.2, 5.65});

    private MicroClaims() {
    }

    /**
     * @param table      Table 4.1 scores by link id ("loopback", "lan"); a missing link is "not measured"
     * @param pipelining Figures 4.1–4.3 scores by link id ("loopback", "lan", "wan")
     * @param horizontal Figure 4.4 scores (empty = not run)
     * @param vertical   Figure 4.5 scores (empty = not run)
     */
    public static List<Claim> of(Map<String, List<JmhScore>> table, Map<String, List<JmhScore>> pipelining,
                          List<JmhScore> horizontal, List<JmhScore> vertical) {
        List<Claim> claims = new ArrayList<>();
        for (String link : List.of("loopback", "lan")) {
            for (String engine : ENGINES) {
                claims.add(tableFastest(link, engine, table.getOrDefault(link, List.of())));
                claims.add(tablePoolSlower(link, engine, table.getOrDefault(link, List.of())));
            }
        }
        claims.add(gain("Figure 4.1", "loopback", "MYSQL", "no clear gain from pipelining over loopback (off / on within 0.8–1.2×)", 0.8, 1.2, pipelining));
        claims.add(gain("Figure 4.1", "loopback", "POSTGRESQL", "a small gain from pipelining over loopback (under 2×)", 1.05, 2, pipelining));
        for (String engine : ENGINES) {
            claims.add(gain("Figure 4.2", "lan", engine, "pipelining about 3× faster over gigabit Ethernet (0.19 ms)", 3 / 1.5, 3 * 1.5, pipelining));
        }
        for (String engine : ENGINES) {
            claims.add(gain("Figure 4.3", "wan", engine, "pipelining about 5× faster over the 78 ms Internet link", 5 / 1.5, 5 * 1.5, pipelining));
        }
        claims.addAll(growth("Figure 4.4", "servers", horizontal));
        claims.addAll(growth("Figure 4.5", "connections", vertical));
        claims.addAll(linear(vertical));
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

    private static Claim notMeasured(String source, String claim, String why) {
        return new Claim(source, claim, Status.NOT_MEASURED, why);
    }

    // ---- Table 4.1

    private static Claim tableFastest(String link, String engine, List<JmhScore> scores) {
        String source = "Table 4.1, " + engineName(engine) + ", " + linkName(link);
        String claim = "pipelined non-blocking is the fastest of the three drivers (thesis, 1 GbE: "
                + thesisRow(engine) + " ms)";
        Map<String, JmhScore> three = three(engine, scores);
        if (three.values().stream().anyMatch(s -> s == null)) {
            return notMeasured(source, claim, missing(link));
        }
        Verdict v = verdict(source, three);
        Status status = !v.clear() || unknownError(three) ? Status.INCONCLUSIVE
                : v.winner().equals(PIPELINED) ? Status.REPRODUCED : Status.NOT_REPRODUCED;
        return new Claim(source, claim, status, values(three) + "; " + ratio(three.get(PIPELINED), three.get(JDBC), "pipelined / jdbc")
                + (v.clear() ? "" : "; " + v.summary()));
    }

    private static Claim tablePoolSlower(String link, String engine, List<JmhScore> scores) {
        String source = "Table 4.1, " + engineName(engine) + ", " + linkName(link);
        double[] t = THESIS_TABLE.get(engine);
        String claim = "the thread-pool driver is slower than JDBC (thesis: " + Fmt.num(t[1]) + " vs " + Fmt.num(t[0]) + " ms)";
        Map<String, JmhScore> two = new LinkedHashMap<>();
        two.put(JDBC, find(scores, engine, JDBC));
        two.put(POOL, find(scores, engine, POOL));
        if (two.values().stream().anyMatch(s -> s == null)) {
            return notMeasured(source, claim, missing(link));
        }
        Verdict v = verdict(source, two);
        Status status = !v.clear() || unknownError(two) ? Status.INCONCLUSIVE
                : v.winner().equals(JDBC) ? Status.REPRODUCED : Status.NOT_REPRODUCED;
        return new Claim(source, claim, status, values(two) + "; " + ratio(two.get(POOL), two.get(JDBC), POOL + " / jdbc"));
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

    private static Claim gain(String figure, String link, String engine, String claim, double low, double high,
                              Map<String, List<JmhScore>> pipelining) {
        String source = figure + ", " + engineName(engine);
        List<JmhScore> scores = pipelining.getOrDefault(link, List.of());
        String most = scores.stream().map(s -> s.param("requests")).filter(r -> r.matches("\\d+"))
                .max((a, b) -> Integer.compare(Integer.parseInt(a), Integer.parseInt(b))).orElse(null);
        JmhScore off = most == null ? null : find(scores, Map.of("engine", engine, "variant", UNPIPELINED, "requests", most));
        JmhScore on = most == null ? null : find(scores, Map.of("engine", engine, "variant", PIPELINED, "requests", most));
        if (off == null || on == null) {
            return notMeasured(source, claim, "no pipelining scores over " + linkName(link) + " in this run");
        }
        Spread r = off.spread().ratioTo(on.spread());
        Status status = off.spread().n() == 0 || on.spread().n() == 0 ? Status.INCONCLUSIVE : within(r, low, high);
        return new Claim(source, claim, status, String.format(Locale.ROOT, "%s requests: pipelining off %s ms, on %s ms; "
                        + "off / on = %s (range %s–%s); counted as shown when the whole range is within %s–%s×",
                most, off.withError(), on.withError(), Fmt.ratio(r.median()), Fmt.ratio(r.min()), Fmt.ratio(r.max()),
                Fmt.num(low), Fmt.num(high)));
    }

    /** Reproduced when the whole range lies within [low, high], not reproduced when all of it lies outside. */
    static Status within(Spread r, double low, double high) {
        if (Double.isNaN(r.median())) {
            return Status.INCONCLUSIVE;
        }
        if (r.min() >= low && r.max() <= high) {
            return Status.REPRODUCED;
        }
        return r.max() < low || r.min() > high ? Status.NOT_REPRODUCED : Status.INCONCLUSIVE;
    }

    // ---- Figures 4.4 and 4.5

    /** "Response time grows more slowly with non-blocking I/O": time at the largest x ÷ time at the smallest, per variant. */
    private static List<Claim> growth(String figure, String param, List<JmhScore> scores) {
        String claim = "response time grows more slowly with the number of " + param + " with non-blocking I/O than with the thread pool";
        if (scores.isEmpty()) {
            return List.of(notMeasured(figure, claim, "not run"));
        }
        List<Claim> claims = new ArrayList<>();
        for (String engine : distinct(scores, "engine")) {
            String source = figure + (engine.equals(THROWAWAY) ? "" : ", " + engineName(engine));
            List<String> xs = distinct(scores, param);
            String first = xs.get(0);
            String last = xs.get(xs.size() - 1);
            Spread nb = growthOf(scores, engine, PIPELINED, param, first, last);
            Spread tp = growthOf(scores, engine, Mode.THREADPOOL.id(), param, first, last);
            if (nb == null || tp == null) {
                claims.add(notMeasured(source, claim, "threadpool or nonblocking-pipelined missing at " + param + " " + first + " or " + last));
                continue;
            }
            Status status = nb.n() == 0 || tp.n() == 0 ? Status.INCONCLUSIVE
                    : nb.max() < tp.min() ? Status.REPRODUCED : nb.min() > tp.max() ? Status.NOT_REPRODUCED : Status.INCONCLUSIVE;
            claims.add(new Claim(source, claim, status, String.format(Locale.ROOT,
                    "time at %s %s ÷ time at %s: nonblocking-pipelined %s (%s–%s), threadpool %s (%s–%s)", last, param, first,
                    Fmt.ratio(nb.median()), Fmt.ratio(nb.min()), Fmt.ratio(nb.max()),
                    Fmt.ratio(tp.median()), Fmt.ratio(tp.min()), Fmt.ratio(tp.max()))));
        }
        return claims;
    }

    private static Spread growthOf(List<JmhScore> scores, String engine, String variant, String param, String first, String last) {
        JmhScore a = find(scores, Map.of("engine", engine, "variant", variant, param, first));
        JmhScore b = find(scores, Map.of("engine", engine, "variant", variant, param, last));
        return a == null || b == null ? null : b.spread().ratioTo(a.spread());
    }

    /**
     * "Vertical scaling is nearly linear": the cost per added connection from the first to the middle
     * count and from the middle to the last agree within a factor 2.
     */
    private static List<Claim> linear(List<JmhScore> scores) {
        String claim = "vertical scaling is nearly linear (cost per added connection about constant)";
        List<String> xs = distinct(scores, "connections");
        if (xs.size() < 3) {
            return List.of(notMeasured("Figure 4.5", claim, "needs at least three connection counts"));
        }
        int x0 = Integer.parseInt(xs.get(0));
        int x1 = Integer.parseInt(xs.get(xs.size() / 2));
        int x2 = Integer.parseInt(xs.get(xs.size() - 1));
        List<Claim> claims = new ArrayList<>();
        for (String engine : distinct(scores, "engine")) {
            for (String variant : distinct(scores, "variant")) {
                String source = "Figure 4.5, " + engineName(engine) + ", " + variant;
                JmhScore a = find(scores, Map.of("engine", engine, "variant", variant, "connections", String.valueOf(x0)));
                JmhScore b = find(scores, Map.of("engine", engine, "variant", variant, "connections", String.valueOf(x1)));
                JmhScore c = find(scores, Map.of("engine", engine, "variant", variant, "connections", String.valueOf(x2)));
                if (a == null || b == null || c == null) {
                    claims.add(notMeasured(source, claim, "missing connection counts"));
                    continue;
                }
                // each slope with the range its two scores' errors allow, then the factor between them
                Spread sa = a.spread();
                Spread sb = b.spread();
                Spread sc = c.spread();
                double early = (b.score() - a.score()) / (x1 - x0);
                double late = (c.score() - b.score()) / (x2 - x1);
                double earlyLow = (sb.min() - sa.max()) / (x1 - x0);
                double earlyHigh = (sb.max() - sa.min()) / (x1 - x0);
                double lateLow = (sc.min() - sb.max()) / (x2 - x1);
                double lateHigh = (sc.max() - sb.min()) / (x2 - x1);
                double factor = early > 0 && late > 0 ? Math.max(early, late) / Math.min(early, late) : Double.NaN;
                // the most and the least the two slopes can differ by within the errors
                double worst = earlyLow > 0 && lateLow > 0 ? Math.max(earlyHigh / lateLow, lateHigh / earlyLow) : Double.POSITIVE_INFINITY;
                double best = Math.max(earlyLow, lateLow) <= Math.min(earlyHigh, lateHigh) ? 1
                        : earlyHigh < lateLow ? lateLow / earlyHigh : earlyLow / lateHigh;
                Status status = sa.n() == 0 || sb.n() == 0 || sc.n() == 0 ? Status.INCONCLUSIVE
                        : worst <= 2 ? Status.REPRODUCED : best > 2 ? Status.NOT_REPRODUCED : Status.INCONCLUSIVE;
                claims.add(new Claim(source, claim, status, String.format(Locale.ROOT,
                        "ms per added connection: %s (%s–%s) from %d to %d, %s (%s–%s) from %d to %d; %s apart, "
                                + "%s–%s within the scores' errors (linear when at most 2× apart); scores %s / %s / %s ms",
                        Fmt.num(early), Fmt.num(earlyLow), Fmt.num(earlyHigh), x0, x1, Fmt.num(late), Fmt.num(lateLow),
                        Fmt.num(lateHigh), x1, x2, Fmt.ratio(factor), Fmt.ratio(best),
                        Double.isInfinite(worst) ? "unbounded" : Fmt.ratio(worst),
                        a.withError(), b.withError(), c.withError())));
            }
        }
        return claims;
    }

    // ---- helpers

    private static Verdict verdict(String scenario, Map<String, JmhScore> scores) {
        Map<String, Spread> values = new LinkedHashMap<>();
        scores.forEach((k, v) -> values.put(k, v.spread()));
        return Verdict.of(scenario, values, JDBC, Verdict.Better.LOWER);
    }

    private static boolean unknownError(Map<String, JmhScore> scores) {
        return scores.values().stream().anyMatch(s -> s.spread().n() == 0);
    }

    private static String values(Map<String, JmhScore> scores) {
        List<String> parts = new ArrayList<>();
        scores.forEach((k, v) -> parts.add(k + " " + v.withError() + " ms"));
        return String.join(", ", parts);
    }

    private static String ratio(JmhScore a, JmhScore b, String what) {
        Spread r = a.spread().ratioTo(b.spread());
        return what + " = " + Fmt.ratio(r.median()) + " (" + Fmt.ratio(r.min()) + "–" + Fmt.ratio(r.max()) + ")";
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
