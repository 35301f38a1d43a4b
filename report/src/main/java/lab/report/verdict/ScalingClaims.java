package lab.report.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import lab.report.Fmt;
import lab.report.Spread;
import lab.report.results.JmhScore;
import lab.report.verdict.Claim.Status;

/**
 * The claims of Figures 4.4 and 4.5 (horizontal and vertical scaling), for {@link MicroClaims}: how
 * response time grows with the number of servers or connections, and whether it grows linearly.
 */
final class ScalingClaims {

    private ScalingClaims() {
    }

    /**
     * "Response time grows more slowly with non-blocking I/O": the slope, ms per added server or
     * connection from the smallest to the largest count, of nonblocking-pipelined less that of the
     * thread pool (the fair one, the thesis' driver, when the run has it, else the unfair one and the
     * status says so), judged on one interval of that difference ({@link #combination}) against
     * {@link #SLOWER_BY} of the pool's slope: reproduced when the whole interval lies below it (non-blocking
     * grows more slowly by more than that), not reproduced when all of it lies above (they grow alike, or
     * non-blocking faster). With 0 as the bound, two equal slopes could never be told apart from a small
     * gain: Figure 4.4 at 0.0671 and 0.0660 ms per server stayed undecided on 10 forks a side.
     */
    static List<Claim> growth(String figure, String param, List<JmhScore> scores) {
        boolean vertical = param.equals("connections");
        String claim = "response time grows more slowly with the number of " + param + " with non-blocking I/O than with the thread pool"
                + " (ms per added " + param.substring(0, param.length() - 1) + "; no figure in the thesis' text: "
                + (vertical ? "\"much less\" taken as non-blocking's slope at most " + Math.round(MUCH_LESS * 100)
                + " % of the pool's, weaker when only the direction holds" : "\"more slowly\" taken as the direction alone") + ")";
        if (scores.isEmpty()) {
            return List.of(MicroClaims.notMeasured(figure, claim, "not run"));
        }
        List<Claim> claims = new ArrayList<>();
        for (String engine : MicroClaims.distinct(scores, "engine")) {
            String source = figure + (engine.equals(MicroClaims.THROWAWAY) ? "" : ", " + MicroClaims.engineName(engine));
            List<String> xs = MicroClaims.distinct(scores, param);
            String first = xs.get(0);
            String last = xs.get(xs.size() - 1);
            boolean fair = MicroClaims.find(scores, Map.of("engine", engine, "variant", MicroClaims.POOL)) != null;
            String pool = fair ? MicroClaims.POOL : MicroClaims.UNFAIR_POOL;
            List<JmhScore> four = java.util.Arrays.asList(at(scores, engine, MicroClaims.PIPELINED, param, last), at(scores, engine, MicroClaims.PIPELINED, param, first),
                    at(scores, engine, pool, param, last), at(scores, engine, pool, param, first));
            if (four.contains(null)) {
                claims.add(MicroClaims.notMeasured(source, claim, pool + " or " + MicroClaims.PIPELINED + " missing at " + param + " " + first + " or " + last));
                continue;
            }
            double dx = Integer.parseInt(last) - Integer.parseInt(first);
            double nb = (four.get(0).score() - four.get(1).score()) / dx;
            double tp = (four.get(2).score() - four.get(3).score()) / dx;
            Spread diff = combination(four, new double[] {1 / dx, -1 / dx, -1 / dx, 1 / dx});
            double bound = -SLOWER_BY * Math.max(tp, 0);
            double much = vertical ? -(1 - MUCH_LESS) * Math.max(tp, 0) : Double.NaN;
            Status status = MicroClaims.gated(four, () -> judge(diff, bound, much));
            String per = param.substring(0, param.length() - 1);
            claims.add(new Claim(source, claim, status, String.format(Locale.ROOT,
                    "ms per added %s from %s to %s: %s %s, %s %s; the difference %s (range %s to %s, %s); reproduced when "
                            + "the whole range is below %s (%.0f %% of the pool's slope), not reproduced when all of it is above%s",
                    per, first, last, MicroClaims.PIPELINED, Fmt.num(nb), pool, Fmt.num(tp),
                    diff == null ? "?" : Fmt.num(diff.median()), diff == null ? "?" : Fmt.num(diff.min()),
                    diff == null ? "?" : Fmt.num(diff.max()), rangeOf(four), Fmt.num(bound), -SLOWER_BY * 100,
                    toDecide(status, four, diff, "ms per " + per, vertical ? new double[] {bound, much} : new double[] {bound})),
                    fair ? "" : "against the unfair thread pool: no " + MicroClaims.POOL + " scores (the thesis' driver handed off fairly)")
                    .offBy(setting(figure, xs, engine)));
        }
        return claims;
    }

    /** Figure 4.5's "much less": non-blocking's slope at most this share of the pool's. */
    static final double MUCH_LESS = 0.5;

    /**
     * The difference of slopes against the direction bound ({@code bound}: more slowly at all) and, where
     * the claim has one, the magnitude ({@code much}, NaN: none): reproduced below both, weaker below the
     * direction only, not reproduced when all of it is above the direction bound.
     */
    static Status judge(Spread diff, double bound, double much) {
        if (diff == null) {
            return Status.INCONCLUSIVE;
        }
        if (diff.min() > bound) {
            return Status.NOT_REPRODUCED;
        }
        if (diff.max() >= bound) {
            return Status.INCONCLUSIVE;
        }
        if (Double.isNaN(much) || diff.max() < much) {
            return Status.REPRODUCED;
        }
        return diff.min() > much ? Status.WEAKER : Status.INCONCLUSIVE;
    }

    /** How the lab's setting differs from the thesis' for a scaling figure: hosts, link and server kind. */
    static String setting(String figure, List<String> counts, String engine) {
        String where = figure.startsWith("Figure 4.4")
                ? counts.get(0) + "–" + counts.get(counts.size() - 1) + " servers on this one machine, thesis 1–8 hosts; loopback, thesis 1 GbE"
                : "loopback, thesis 1 GbE";
        String kind = MicroClaims.serverKind(engine);
        return kind.isEmpty() ? where : where + "; " + kind;
    }

    /**
     * "More slowly" means by more than this share of the thread pool's slope, the load rule's margin of
     * equivalence ({@link Pairwise#EQUIVALENCE}, ±10 %): a difference within it is growth alike.
     */
    static final double SLOWER_BY = Pairwise.EQUIVALENCE - 1;

    private static JmhScore at(List<JmhScore> scores, String engine, String variant, String param, String value) {
        return MicroClaims.find(scores, Map.of("engine", engine, "variant", variant, param, value));
    }

    /** "Nearly linear": the cost per added connection before and after the middle count within this factor of each other. */
    static final double LINEAR_FACTOR = 2;

    /**
     * "Vertical scaling is nearly linear": the middle count's time lies near the straight line through
     * the first and the last. Judged on how far it lies off that line, {@code d} (ms), with its range
     * (the 98 % interval of the fork means where all three scores have 3 forks or more, else what the
     * 99.9 % errors allow), against the band that the cost per added connection before and after the
     * middle count within {@link #LINEAR_FACTOR} of each other allows: d ÷ (last − first) between
     * Δ₁Δ₂(1/F − 1) ÷ ((Δ₁ + Δ₂)(Δ₁/F + Δ₂)) and Δ₁Δ₂(F − 1) ÷ ((Δ₁ + Δ₂)(FΔ₁ + Δ₂)). The rule before
     * took the ratio of the two slopes' ranges, where a slope whose range reached 0 made it unbounded:
     * with 6 iterations it could almost never hold.
     */
    static List<Claim> linear(List<JmhScore> scores) {
        String claim = "vertical scaling is nearly linear (cost per added connection about constant: within "
                + Fmt.num(LINEAR_FACTOR) + "× before and after the middle count; no figure in the thesis: \"nearly\" taken as "
                + "slopes within a factor of two)";
        List<String> xs = MicroClaims.distinct(scores, "connections");
        if (xs.size() < 3) {
            return List.of(MicroClaims.notMeasured("Figure 4.5", claim, "needs at least three connection counts"));
        }
        String x0 = xs.get(0);
        String x1 = xs.get(xs.size() / 2);
        String x2 = xs.get(xs.size() - 1);
        double d1 = Integer.parseInt(x1) - Integer.parseInt(x0);
        double d2 = Integer.parseInt(x2) - Integer.parseInt(x1);
        double w = d1 / (d1 + d2);
        double hi = d1 * d2 * (LINEAR_FACTOR - 1) / ((d1 + d2) * (LINEAR_FACTOR * d1 + d2));
        double lo = d1 * d2 * (1 / LINEAR_FACTOR - 1) / ((d1 + d2) * (d1 / LINEAR_FACTOR + d2));
        List<Claim> claims = new ArrayList<>();
        for (String engine : MicroClaims.distinct(scores, "engine")) {
            for (String variant : MicroClaims.distinct(scores, "variant")) {
                String source = "Figure 4.5, " + MicroClaims.engineName(engine) + ", " + variant;
                JmhScore a = MicroClaims.find(scores, Map.of("engine", engine, "variant", variant, "connections", x0));
                JmhScore b = MicroClaims.find(scores, Map.of("engine", engine, "variant", variant, "connections", x1));
                JmhScore c = MicroClaims.find(scores, Map.of("engine", engine, "variant", variant, "connections", x2));
                if (a == null || b == null || c == null) {
                    claims.add(MicroClaims.notMeasured(source, claim, "missing connection counts"));
                    continue;
                }
                double rise = c.score() - a.score();
                List<JmhScore> three = List.of(a, b, c);
                Spread off = combination(three, new double[] {-(1 - w), 1, -w});
                Status status = off == null || !(rise > 0) ? Status.INCONCLUSIVE
                        : MicroClaims.gated(three, () -> off.min() >= lo * rise && off.max() <= hi * rise ? Status.REPRODUCED
                        : off.max() < lo * rise || off.min() > hi * rise ? Status.NOT_REPRODUCED : Status.INCONCLUSIVE);
                claims.add(new Claim(source, claim, status, String.format(Locale.ROOT,
                        "%s → %s → %s ms at %s, %s and %s connections; the middle one %s ms off the straight line (range %s to %s, %s); "
                                + "linear when the whole range is within %s to %s ms%s%s",
                        Fmt.num(a.score()), Fmt.num(b.score()), Fmt.num(c.score()), x0, x1, x2,
                        off == null ? "?" : Fmt.num(off.median()), off == null ? "?" : Fmt.num(off.min()),
                        off == null ? "?" : Fmt.num(off.max()), off == null ? "an error unknown" : rangeOf(three),
                        Fmt.num(lo * rise), Fmt.num(hi * rise), rise > 0 ? "" : " (no growth from the first to the last count)",
                        rise > 0 ? toDecide(status, three, off, "ms", lo * rise, hi * rise) : "")).offBy(setting("Figure 4.5", xs, engine)));
            }
        }
        return claims;
    }

    /**
     * Σ kᵢ × scoreᵢ with its range: the {@link Pairwise#LEVEL} interval of the fork means (Welch's degrees of
     * freedom) where every score has {@link JmhScore#MIN_FORKS} forks or more, else what the 99.9 %
     * errors allow (Σ |kᵢ| × errorᵢ); null when a score is missing or an error unknown.
     */
    private static Spread combination(List<JmhScore> scores, double[] k) {
        if (scores.stream().anyMatch(x -> x == null)) {
            return null;
        }
        double d = 0;
        for (int i = 0; i < k.length; i++) {
            d += k[i] * scores.get(i).score();
        }
        if (scores.stream().noneMatch(x -> x.forkMeans().isEmpty())) {
            double se2 = 0;
            double dfDen = 0;
            for (int i = 0; i < k.length; i++) {
                List<Double> f = scores.get(i).forkMeans();
                double m = f.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
                double v = f.stream().mapToDouble(x -> (x - m) * (x - m)).sum() / (f.size() - 1) / f.size();
                se2 += k[i] * k[i] * v;
                dfDen += Math.pow(k[i] * k[i] * v, 2) / (f.size() - 1);
            }
            double df = dfDen == 0 ? 2 : se2 * se2 / dfDen;
            double half = Pairwise.quantile(Math.max(1, df)) * Math.sqrt(se2);
            return new Spread(d, d - half, d + half, scores.stream().mapToInt(x -> x.forkMeans().size()).min().orElseThrow());
        }
        if (scores.stream().anyMatch(x -> Double.isNaN(x.error()))) {
            return null;
        }
        double half = 0;
        for (int i = 0; i < k.length; i++) {
            half += Math.abs(k[i]) * scores.get(i).error();
        }
        return new Spread(d, d - half, d + half, scores.stream().mapToInt(x -> x.spread().n()).min().orElseThrow());
    }

    /** What would decide a figure of these scores left across {@code bounds} (more forks, or what MicroGate wants), or the forks' loads. */
    private static String toDecide(Status status, List<JmhScore> scores, Spread figure, String unit, double... bounds) {
        return MicroClaims.toDecide(scores, forks -> status != Status.INCONCLUSIVE ? ""
                : Claim.toDecideDifference(figure, forks, "forks", unit, bounds));
    }

    private static String rangeOf(List<JmhScore> scores) {
        return scores.stream().noneMatch(x -> x.forkMeans().isEmpty())
                ? Math.round(Pairwise.LEVEL * 100) + " % interval of the fork means"
                : "the range the 99.9 % errors allow";
    }
}
