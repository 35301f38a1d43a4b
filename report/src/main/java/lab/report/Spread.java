package lab.report;

import java.util.Arrays;
import java.util.Collection;

/**
 * A value with its spread: the median and the range of repeated measurements ({@link #of}), or a
 * score with its confidence interval ({@link #interval}, e.g. JMH's score ± error). {@code n} is
 * the number of repetitions behind it (0 when unknown).
 */
public record Spread(double median, double min, double max, int n) {

    public Spread {
        if (min > median || median > max) {
            throw new IllegalArgumentException("need min <= median <= max, got " + min + " / " + median + " / " + max);
        }
    }

    /** The median, minimum and maximum of repetitions (NaN values are left out; none left = null). */
    public static Spread of(Collection<? extends Number> values) {
        double[] v = values.stream().filter(x -> x != null && !Double.isNaN(x.doubleValue()))
                .mapToDouble(Number::doubleValue).sorted().toArray();
        if (v.length == 0) {
            return null;
        }
        int n = v.length;
        double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
        return new Spread(median, v[0], v[n - 1], n);
    }

    public static Spread of(double... values) {
        return of(Arrays.stream(values).boxed().toList());
    }

    /** A score ± a half-width (NaN half-width = unknown, taken as 0 wide but never {@link #within conclusive}). */
    public static Spread interval(double score, double halfWidth, int n) {
        double h = Double.isNaN(halfWidth) ? 0 : Math.abs(halfWidth);
        return new Spread(score, score - h, score + h, Double.isNaN(halfWidth) ? 0 : n);
    }

    public boolean overlaps(Spread other) {
        return min <= other.max && other.min <= max;
    }

    /** Half the range relative to the median: 0.2 = ±20 %. */
    public double relativeHalfWidth() {
        return median == 0 ? Double.POSITIVE_INFINITY : (max - min) / 2 / Math.abs(median);
    }

    /**
     * Whether the range is narrow enough to state: at most {@code limit} × the median either side,
     * from at least two repetitions.
     */
    public boolean within(double limit) {
        return n >= 2 && relativeHalfWidth() <= limit;
    }

    /** this ÷ base, with the widest range the two ranges allow (NaN where the base is zero). */
    public Spread ratioTo(Spread base) {
        if (base.min <= 0) {
            return new Spread(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        return new Spread(median / base.median, min / base.max, max / base.min, Math.min(n, base.n));
    }
}
