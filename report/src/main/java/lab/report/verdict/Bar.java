package lab.report.verdict;

import java.util.Locale;

import lab.report.Fmt;
import lab.report.Spread;
import lab.report.verdict.Claim.Status;

/**
 * The two bounds a quantitative claim is judged against, on a ratio where more is the claim's way
 * (e.g. JDBC's time ÷ pipelined's): the direction ({@link #direction}: the claim holds at all, a
 * gain beyond the equivalence margin of the load rule, {@link Pairwise#EQUIVALENCE}) and the
 * magnitude, the band [{@link #low}, {@link #high}] around the thesis' own figure, or the bound a
 * qualitative word was taken as ({@link #high} infinite: no "exceeded").
 *
 * @param thesis the thesis' figure (NaN: the thesis gives none, {@link #stated} says what was taken and why)
 * @param stated the bar in words, for the claim: "thesis 4.75×, band 3.17–7.13×"
 */
public record Bar(double direction, double low, double high, double thesis, String stated) {

    /** How far either way of the thesis' figure a result still has its magnitude. */
    public static final double BAND = 1.5;

    /** The thesis' figure {@code t}, with the band {@link #BAND} either way. */
    public static Bar thesis(double t) {
        double low = Math.max(t / BAND, Pairwise.EQUIVALENCE);
        return new Bar(Pairwise.EQUIVALENCE, low, t * BAND, t, String.format(Locale.ROOT,
                "thesis %s×, band %s–%s× (÷ and × %s)", Fmt.num(t), Fmt.num(low), Fmt.num(t * BAND), Fmt.num(BAND)));
    }

    /** A qualitative word with no figure in the thesis, taken as at least {@code bound}× for the reason given. */
    public static Bar atLeast(double bound, String why) {
        return new Bar(Pairwise.EQUIVALENCE, bound, Double.POSITIVE_INFINITY, Double.NaN, String.format(Locale.ROOT,
                "no figure in the thesis: taken as at least %s× (%s)", Fmt.num(bound), why));
    }

    /**
     * Not reproduced when the whole range lies below the direction bound (the opposite, or no difference
     * by the equivalence rule); with the whole range above it: weaker below the band, exceeded above
     * it, reproduced within it; any range across a bound allows two labels: inconclusive.
     */
    public Status judge(Spread ratio) {
        if (ratio == null || Double.isNaN(ratio.median())) {
            return Status.INCONCLUSIVE;
        }
        if (ratio.max() < direction) {
            return Status.NOT_REPRODUCED;
        }
        if (ratio.min() < direction) {
            return Status.INCONCLUSIVE;
        }
        if (ratio.max() < low) {
            return Status.WEAKER;
        }
        if (ratio.min() > high) {
            return Status.EXCEEDED;
        }
        return ratio.min() >= low && ratio.max() <= high ? Status.REPRODUCED : Status.INCONCLUSIVE;
    }

    /** The bounds a range must clear to be decided, for "to decide: …". */
    public double[] bounds() {
        return Double.isInfinite(high) ? new double[] {direction, low} : new double[] {direction, low, high};
    }
}
