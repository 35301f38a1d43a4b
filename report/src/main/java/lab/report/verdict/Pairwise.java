package lab.report.verdict;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import lab.report.Spread;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The one decision rule between two modes, used by every verdict, map cell, crossover, sentence
 * and claim, and by the sweep to decide whether a scenario needs another round of repetitions.
 *
 * <p>The rule, on the repetitions' values of {@code a} and {@code b}:
 * <ol>
 *   <li>each side needs {@link #MIN_REPETITIONS} good repetitions; a side that failed in every
 *       repetition is a <em>loss</em> (flag {@code failed}): the other side, clean and with enough
 *       repetitions, beats it;</li>
 *   <li>the ratio a ÷ b is estimated on the logarithms: per round when both sides ran in the same
 *       rounds (each round runs every mode once, so slow drift of the machine cancels in the
 *       pair), else unpaired (Welch); its {@link #LEVEL} Student-t interval is the figure's range;</li>
 *   <li>one side is <em>separated</em> from the other when that interval lies wholly on its side of
 *       1 and the estimate is at least {@link #MIN_EFFECT} × in its favour, or (3b) when every
 *       repetition of that side beats every one of the other and its median is at least
 *       {@link #CLEAR_EFFECT} × the other's; otherwise the two are <em>tied</em> (the rule cannot
 *       separate them);</li>
 *   <li>flags: either side may carry flags that only lower its own figure ({@code errors},
 *       {@code someRepetitionsFailed}: goodput already leaves the failures out), the side ahead only
 *       where higher is better (it is ahead in spite of them; a time of the successes alone could
 *       gain from fast failures). A flag both sides carry in paired rounds, {@code interference}
 *       (each round runs every mode once, so the other processes ran beside both), blocks nothing.
 *       Any other flag leaves the pair <em>undecided</em>.</li>
 * </ol>
 * The sweep looks again after each added round (3 to 7 rounds): at {@link #LEVEL} 0.98 per look the
 * simulation in loadgen's DecisionRuleTest (drift and carry-over) finds false winners between
 * identical modes in at most 3.5 % of scenarios (5 % allowed); 0.99 kept them under 2 % but found a
 * real 10 % difference in 22 % of scenarios (0.98: 35 %), and 0.975 reached 4.3 %.
 *
 * <p>Values known only as a spread (JMH's score ± its interval) are compared by the widest ratio
 * the two ranges allow, as before: above 1 (or above {@link #MIN_EFFECT} with fewer than
 * {@link #FULL_REPETITIONS} forks) and a median at least {@link #MIN_EFFECT} ahead.
 */
public final class Pairwise {

    public static final int MIN_REPETITIONS = 3;
    public static final int FULL_REPETITIONS = 5;
    public static final double MIN_EFFECT = 1.05;
    public static final double LEVEL = 0.98;
    /**
     * Ranges that do not overlap, with medians at least this far apart, separate the two sides
     * whatever the interval (rule 3b). Between identical modes, 3 repetitions each, lognormal noise
     * per repetition, it calls a winner in 0.2 % of looks at 15 % noise, 4 % at 30 % and 8 % at 50 %
     * (200,000 simulated pairs); at the 5 % of DecisionRuleTest, never.
     */
    public static final double CLEAR_EFFECT = 1.5;
    /** Flags that lower only their carrier's own figure: the side behind may carry them, and, where higher is better, the side ahead. */
    static final Set<String> LOWER_OWN_FIGURE = Set.of("errors", "someRepetitionsFailed");
    /** Flags that, carried by both sides of paired rounds, weighed on both alike. */
    static final Set<String> SHARED_WHEN_PAIRED = Set.of("interference");
    static final String FAILED = "failed";

    /** Who is ahead: the first, the second, neither by the rule (tied), or no decision (flags, too few). */
    public enum Outcome {
        FIRST, SECOND, TIE, UNDECIDED
    }

    /**
     * @param ratio a ÷ b with its interval (geometric mean of the per-round ratios when paired);
     *              null when one side has no value
     * @param why   for TIE and UNDECIDED, the reason in words ("a ≈ b", "b flagged: errors", ...)
     */
    public record Comparison(Outcome outcome, Spread ratio, String why) {
        public boolean separated() {
            return outcome == Outcome.FIRST || outcome == Outcome.SECOND;
        }
    }

    private Pairwise() {
    }

    /** {@code a} against {@code b}; their names are only for the reasons' words. */
    public static Comparison compare(String nameA, Verdict.Candidate a, String nameB, Verdict.Candidate b,
                                     Verdict.Better better) {
        boolean lossA = a.flags().contains(FAILED);
        boolean lossB = b.flags().contains(FAILED);
        if (lossA || lossB) {
            return loss(nameA, a, lossA, nameB, b, lossB, better);
        }
        Spread ratio = ratio(a, b);
        int n = Math.min(a.value().n(), b.value().n());
        if (n < MIN_REPETITIONS) {
            String who = a.value().n() < b.value().n() ? nameA : nameB;
            return new Comparison(Outcome.UNDECIDED, ratio, String.format(Locale.ROOT,
                    "too few repetitions (%s: %d, %d needed)", who, n, MIN_REPETITIONS));
        }
        Outcome stat = statistical(ratio, n, better, hasSamples(a, b));
        Outcome ranges = stat == Outcome.TIE ? apart(a, b, better) : Outcome.TIE;
        if (ranges != Outcome.TIE) {
            stat = ranges;
            ratio = noOverlap(a, b); // the figure shown is then the ranges' own: min ÷ max to max ÷ min
        }
        if (stat == Outcome.TIE) {
            Set<String> shared = sharedWhenPaired(a, b);
            String flagged = firstFlagged(nameA, a, shared, nameB, b, shared);
            return flagged != null ? new Comparison(Outcome.UNDECIDED, ratio, flagged)
                    : new Comparison(Outcome.TIE, ratio, nameA + " ≈ " + nameB);
        }
        boolean firstAhead = stat == Outcome.FIRST;
        String flagged = firstAhead ? aheadFlagged(nameA, a, nameB, b, better) : aheadFlagged(nameB, b, nameA, a, better);
        return flagged != null ? new Comparison(Outcome.UNDECIDED, ratio, flagged) : new Comparison(stat, ratio, null);
    }

    /**
     * The flags of {@code ahead} that keep it from being ahead of {@code behind} (null: of any rival,
     * unpaired): all but those that lower only its own figure, where higher is better, and those
     * both carry in paired rounds.
     */
    public static List<String> blocking(Verdict.Candidate ahead, Verdict.Candidate behind, Verdict.Better better) {
        Set<String> may = aheadMayCarry(ahead, behind, better);
        return ahead.flags().stream().filter(f -> !may.contains(f)).toList();
    }

    private static Set<String> aheadMayCarry(Verdict.Candidate ahead, Verdict.Candidate behind, Verdict.Better better) {
        Set<String> may = new HashSet<>(behind == null ? Set.of() : sharedWhenPaired(ahead, behind));
        if (better == Verdict.Better.HIGHER) {
            may.addAll(LOWER_OWN_FIGURE);
        }
        return may;
    }

    /** The {@link #SHARED_WHEN_PAIRED} flags both carry, when their rounds pair; else none. */
    private static Set<String> sharedWhenPaired(Verdict.Candidate a, Verdict.Candidate b) {
        if (pairs(a.byRound(), b.byRound()).size() < MIN_REPETITIONS) {
            return Set.of();
        }
        Set<String> shared = new HashSet<>(SHARED_WHEN_PAIRED);
        shared.retainAll(a.flags());
        shared.retainAll(b.flags());
        return shared;
    }

    /** The first flag that stops {@code ahead} from being ahead of {@code behind}, in words; null when none. */
    private static String aheadFlagged(String nameAhead, Verdict.Candidate ahead, String nameBehind,
                                       Verdict.Candidate behind, Verdict.Better better) {
        Set<String> behindMay = new HashSet<>(LOWER_OWN_FIGURE);
        behindMay.addAll(sharedWhenPaired(ahead, behind));
        if (trendCannotClose(behind, ahead, better)) {
            behindMay.add(NOT_STEADY);
        }
        return firstFlagged(nameAhead, ahead, aheadMayCarry(ahead, behind, better), nameBehind, behind, behindMay);
    }

    static final String NOT_STEADY = "notSteady";

    /**
     * Whether the repetitions of {@code behind}, not steady, could not close its gap to {@code ahead}: the
     * test is to continue its trend from its last repetition by its whole first-to-last change once more;
     * when even that stays short of the ahead's worst repetition (or the trend runs away from it), its
     * not being steady cannot change which is ahead, and its flag does not block.
     */
    public static boolean trendCannotClose(Verdict.Candidate behind, Verdict.Candidate ahead, Verdict.Better better) {
        if (behind == null || ahead == null || ahead.value() == null) {
            return false;
        }
        List<Double> reps = behind.byRound().stream().filter(java.util.Objects::nonNull).toList();
        reps = reps.size() >= 2 ? reps : behind.samples();
        if (reps.size() < 2) {
            return false;
        }
        double next = 2 * reps.getLast() - reps.getFirst();
        return better == Verdict.Better.HIGHER ? next < ahead.value().min() : next > ahead.value().max();
    }

    /**
     * The margin of "no difference": a tie whose whole interval lies within 1 ÷ this to this is an
     * equality, the outcome of a claim that says "the same" and the refutation of one that says
     * "faster", "slower" or "degrades". Kept at the map's {@code EQUIVALENT} gap: a 10 % difference
     * was the smallest that did not flip between two default runs back to back.
     */
    public static final double EQUIVALENCE = 1.10;

    /** Whether the two are equal within ±{@link #EQUIVALENCE}: tied (unflagged), and the whole interval inside the margin. */
    public static boolean equivalent(Comparison c) {
        return c.outcome() == Outcome.TIE && c.ratio() != null && !Double.isNaN(c.ratio().median())
                && c.ratio().min() >= 1 / EQUIVALENCE && c.ratio().max() <= EQUIVALENCE;
    }

    /** Whether more repetitions could still change the answer: the pair is tied, or too few were run. */
    public static boolean wantsMore(Comparison c) {
        return c.outcome() == Outcome.TIE || c.why() != null && c.why().startsWith("too few repetitions");
    }

    private static Comparison loss(String nameA, Verdict.Candidate a, boolean lossA, String nameB,
                                   Verdict.Candidate b, boolean lossB, Verdict.Better better) {
        if (lossA && lossB) {
            return new Comparison(Outcome.UNDECIDED, null, "both failed in every repetition");
        }
        String survivor = lossA ? nameB : nameA;
        Verdict.Candidate s = lossA ? b : a;
        Spread inf = better == Verdict.Better.HIGHER == lossB
                ? new Spread(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, s.value().n())
                : new Spread(0, 0, 0, s.value().n());
        if (s.value().n() < MIN_REPETITIONS) {
            return new Comparison(Outcome.UNDECIDED, inf, String.format(Locale.ROOT,
                    "too few repetitions (%s: %d, %d needed)", survivor, s.value().n(), MIN_REPETITIONS));
        }
        List<String> blocking = blocking(s, null, better);
        if (!blocking.isEmpty()) {
            return new Comparison(Outcome.UNDECIDED, inf, survivor + " flagged: " + String.join(", ", blocking));
        }
        return new Comparison(lossA ? Outcome.SECOND : Outcome.FIRST, inf, null);
    }

    /**
     * FIRST or SECOND when every repetition of one side beats every repetition of the other and its
     * median is at least {@link #CLEAR_EFFECT} × the other's; else TIE. With three rounds the t
     * interval of a 2× difference can still reach below 1 (portal at lan and 200 connections: reactive
     * 556, 647, 667 against jdbc 484, 317, 329, per-round ratios 1.15 to 2.04, interval 0.45–6.34).
     */
    private static Outcome apart(Verdict.Candidate a, Verdict.Candidate b, Verdict.Better better) {
        if (!hasSamples(a, b)) {
            return Outcome.TIE;
        }
        Spread sa = Spread.of(a.samples());
        Spread sb = Spread.of(b.samples());
        Outcome aHigher = better == Verdict.Better.HIGHER ? Outcome.FIRST : Outcome.SECOND;
        Outcome bHigher = better == Verdict.Better.HIGHER ? Outcome.SECOND : Outcome.FIRST;
        if (sa.min() > sb.max() && sa.median() >= CLEAR_EFFECT * sb.median()) {
            return aHigher;
        }
        if (sb.min() > sa.max() && sb.median() >= CLEAR_EFFECT * sa.median()) {
            return bHigher;
        }
        return Outcome.TIE;
    }

    /** FIRST, SECOND or TIE from the ratio's estimate and interval. */
    private static Outcome statistical(Spread ratio, int n, Verdict.Better better, boolean samples) {
        // samples: the interval is the t interval; spreads only: the widest ratio, with a floor when few
        double floor = samples || n >= FULL_REPETITIONS ? 1.0 : MIN_EFFECT;
        boolean higher = better == Verdict.Better.HIGHER;
        double up = higher ? ratio.median() : 1 / ratio.median();
        double lowEnd = higher ? ratio.min() : 1 / ratio.max();
        double highEnd = higher ? ratio.max() : 1 / ratio.min();
        if (up >= MIN_EFFECT && lowEnd > floor) {
            return Outcome.FIRST;
        }
        if (1 / up >= MIN_EFFECT && 1 / highEnd > floor) {
            return Outcome.SECOND;
        }
        return Outcome.TIE;
    }

    private static boolean hasSamples(Verdict.Candidate a, Verdict.Candidate b) {
        return a.samples().size() >= MIN_REPETITIONS && b.samples().size() >= MIN_REPETITIONS;
    }

    /** a ÷ b with its {@link #LEVEL} interval: paired or Welch on the logarithms, or the spreads' widest ratio. */
    public static Spread ratio(Verdict.Candidate a, Verdict.Candidate b) {
        if (!hasSamples(a, b)) {
            return a.value().ratioTo(b.value());
        }
        if (a.samples().stream().anyMatch(v -> !(v > 0)) || b.samples().stream().anyMatch(v -> !(v > 0))) {
            return noOverlap(a, b); // a zero has no logarithm: the plain ranges decide
        }
        List<Double> pairs = pairs(a.byRound(), b.byRound());
        if (pairs.size() >= MIN_REPETITIONS) {
            return tInterval(pairs);
        }
        return welch(logs(a.samples()), logs(b.samples()));
    }

    /** Per round where both sides have a value, ln(a) − ln(b). */
    private static List<Double> pairs(List<Double> a, List<Double> b) {
        List<Double> d = new ArrayList<>();
        if (a.isEmpty() || a.size() != b.size()) {
            return d;
        }
        for (int i = 0; i < a.size(); i++) {
            Double x = a.get(i);
            Double y = b.get(i);
            if (x != null && y != null && x > 0 && y > 0) {
                d.add(Math.log(x) - Math.log(y));
            }
        }
        return d;
    }

    private static Spread tInterval(List<Double> d) {
        int n = d.size();
        double mean = d.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double var = d.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / (n - 1);
        double half = quantile(n - 1) * Math.sqrt(var / n);
        return new Spread(Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), n);
    }

    private static Spread welch(double[] la, double[] lb) {
        double ma = mean(la);
        double mb = mean(lb);
        double va = variance(la, ma) / la.length;
        double vb = variance(lb, mb) / lb.length;
        double se = Math.sqrt(va + vb);
        double df = se == 0 ? Math.min(la.length, lb.length) - 1
                : Math.pow(va + vb, 2) / (va * va / (la.length - 1) + vb * vb / (lb.length - 1));
        double half = quantile(Math.max(1, df)) * se;
        double d = ma - mb;
        return new Spread(Math.exp(d), Math.exp(d - half), Math.exp(d + half), Math.min(la.length, lb.length));
    }

    /** Ratio of medians, with the range the two sets of values allow (min ÷ max to max ÷ min). */
    private static Spread noOverlap(Verdict.Candidate a, Verdict.Candidate b) {
        Spread sa = Spread.of(a.samples());
        Spread sb = Spread.of(b.samples());
        double mid = sb.median() > 0 ? sa.median() / sb.median() : sa.median() > 0 ? Double.POSITIVE_INFINITY : 1;
        double low = sb.max() > 0 ? sa.min() / sb.max() : Double.POSITIVE_INFINITY;
        double high = sb.min() > 0 ? sa.max() / sb.min() : Double.POSITIVE_INFINITY;
        return new Spread(mid, Math.min(low, mid), Math.max(high, mid), Math.min(sa.n(), sb.n()));
    }

    /** The two-sided {@link #LEVEL} quantile of Student's t with {@code df} degrees of freedom. */
    static double quantile(double df) {
        return TDistribution.of(df).inverseCumulativeProbability(1 - (1 - LEVEL) / 2);
    }

    private static double[] logs(List<Double> values) {
        return values.stream().mapToDouble(Math::log).toArray();
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    private static double variance(double[] v, double mean) {
        double s = 0;
        for (double x : v) {
            s += (x - mean) * (x - mean);
        }
        return v.length < 2 ? 0 : s / (v.length - 1);
    }

    /** The first flag beyond what each side may carry, the side ahead's first, in words; null when none. */
    private static String firstFlagged(String nameAhead, Verdict.Candidate ahead, Set<String> aheadMay,
                                       String nameBehind, Verdict.Candidate behind, Set<String> behindMay) {
        List<String> f = ahead.flags().stream().filter(x -> !aheadMay.contains(x)).toList();
        if (!f.isEmpty()) {
            return nameAhead + " flagged: " + String.join(", ", f);
        }
        f = behind.flags().stream().filter(x -> !behindMay.contains(x)).toList();
        return f.isEmpty() ? null : nameBehind + " flagged: " + String.join(", ", f);
    }

    public static String flagged(String mode, Verdict.Candidate c) {
        return mode + " flagged: " + String.join(", ", c.flags());
    }
}
