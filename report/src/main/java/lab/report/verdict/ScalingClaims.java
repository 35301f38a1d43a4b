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
     * connection from the smallest to the largest count, with the range the scores' errors allow,
     * of nonblocking-pipelined against the thread pool — the fair one, the thesis' driver, when
     * the run has it, else the unfair one and the status says so.
     */
    static List<Claim> growth(String figure, String param, List<JmhScore> scores) {
        String claim = "response time grows more slowly with the number of " + param + " with non-blocking I/O than with the thread pool"
                + " (ms per added " + param.substring(0, param.length() - 1) + ")";
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
            Spread nb = slope(scores, engine, MicroClaims.PIPELINED, param, first, last);
            Spread tp = slope(scores, engine, pool, param, first, last);
            if (nb == null || tp == null) {
                claims.add(MicroClaims.notMeasured(source, claim, pool + " or " + MicroClaims.PIPELINED + " missing at " + param + " " + first + " or " + last));
                continue;
            }
            Status status = nb.n() == 0 || tp.n() == 0 ? Status.INCONCLUSIVE
                    : nb.max() < tp.min() ? Status.REPRODUCED : nb.min() > tp.max() ? Status.NOT_REPRODUCED : Status.INCONCLUSIVE;
            claims.add(new Claim(source, claim, status, String.format(Locale.ROOT,
                    "ms per added %s from %s to %s: %s %s (%s–%s), %s %s (%s–%s)", param.substring(0, param.length() - 1), first, last,
                    MicroClaims.PIPELINED, Fmt.num(nb.median()), Fmt.num(nb.min()), Fmt.num(nb.max()),
                    pool, Fmt.num(tp.median()), Fmt.num(tp.min()), Fmt.num(tp.max())),
                    fair ? "" : "against the unfair thread pool: no " + MicroClaims.POOL + " scores (the thesis' driver handed off fairly)"));
        }
        return claims;
    }

    /** (time at last − time at first) ÷ (last − first), with the range the two scores' errors allow; null when one is missing. */
    private static Spread slope(List<JmhScore> scores, String engine, String variant, String param, String first, String last) {
        JmhScore a = MicroClaims.find(scores, Map.of("engine", engine, "variant", variant, param, first));
        JmhScore b = MicroClaims.find(scores, Map.of("engine", engine, "variant", variant, param, last));
        if (a == null || b == null) {
            return null;
        }
        double dx = Integer.parseInt(last) - Integer.parseInt(first);
        Spread sa = a.spread();
        Spread sb = b.spread();
        return new Spread((b.score() - a.score()) / dx, (sb.min() - sa.max()) / dx, (sb.max() - sa.min()) / dx,
                Math.min(sa.n(), sb.n()));
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
                + Fmt.num(LINEAR_FACTOR) + "× before and after the middle count)";
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
                Spread off = offLine(a, b, c, w);
                Status status = off == null ? Status.INCONCLUSIVE
                        : !(rise > 0) ? Status.INCONCLUSIVE
                        : off.min() >= lo * rise && off.max() <= hi * rise ? Status.REPRODUCED
                        : off.max() < lo * rise || off.min() > hi * rise ? Status.NOT_REPRODUCED : Status.INCONCLUSIVE;
                claims.add(new Claim(source, claim, status, String.format(Locale.ROOT,
                        "%s → %s → %s ms at %s, %s and %s connections; the middle one %s ms off the straight line (range %s to %s, %s); "
                                + "linear when the whole range is within %s to %s ms%s",
                        Fmt.num(a.score()), Fmt.num(b.score()), Fmt.num(c.score()), x0, x1, x2,
                        off == null ? "?" : Fmt.num(off.median()), off == null ? "?" : Fmt.num(off.min()),
                        off == null ? "?" : Fmt.num(off.max()), off == null ? "an error unknown" : rangeOf3(a, b, c),
                        Fmt.num(lo * rise), Fmt.num(hi * rise), rise > 0 ? "" : " (no growth from the first to the last count)")));
            }
        }
        return claims;
    }

    /** b − ((1 − w) a + w c): how far b lies off the line through a and c, with its range; null when an error is unknown. */
    private static Spread offLine(JmhScore a, JmhScore b, JmhScore c, double w) {
        double d = b.score() - (1 - w) * a.score() - w * c.score();
        double[] k = {1 - w, 1, w};
        List<List<Double>> forks = List.of(a.forkMeans(), b.forkMeans(), c.forkMeans());
        if (forks.stream().noneMatch(List::isEmpty)) {
            double se2 = 0;
            double dfDen = 0;
            for (int i = 0; i < 3; i++) {
                List<Double> f = forks.get(i);
                double m = f.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
                double v = f.stream().mapToDouble(x -> (x - m) * (x - m)).sum() / (f.size() - 1) / f.size();
                se2 += k[i] * k[i] * v;
                dfDen += Math.pow(k[i] * k[i] * v, 2) / (f.size() - 1);
            }
            double df = dfDen == 0 ? 2 : se2 * se2 / dfDen;
            double half = Pairwise.quantile(Math.max(1, df)) * Math.sqrt(se2);
            return new Spread(d, d - half, d + half, forks.stream().mapToInt(List::size).min().orElseThrow());
        }
        if (Double.isNaN(a.error()) || Double.isNaN(b.error()) || Double.isNaN(c.error())) {
            return null;
        }
        double half = k[0] * a.error() + b.error() + k[2] * c.error();
        return new Spread(d, d - half, d + half, Math.min(a.spread().n(), Math.min(b.spread().n(), c.spread().n())));
    }

    private static String rangeOf3(JmhScore a, JmhScore b, JmhScore c) {
        return !a.forkMeans().isEmpty() && !b.forkMeans().isEmpty() && !c.forkMeans().isEmpty()
                ? Math.round(Pairwise.LEVEL * 100) + " % interval of the fork means"
                : "the range the 99.9 % errors allow";
    }
}
