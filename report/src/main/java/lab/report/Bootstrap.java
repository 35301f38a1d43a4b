package lab.report;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The percentile bootstrap of a ratio of medians: both samples are resampled with replacement,
 * the ratio of the resamples' medians taken each time, and the interval read from the sorted
 * ratios. Seeded, so that a page rebuilt from the same results gives the same answer.
 */
public final class Bootstrap {

    /** Resamples per interval. */
    static final int RESAMPLES = 4000;
    private static final long SEED = 20_100_601L;

    private Bootstrap() {
    }

    /**
     * median(a) ÷ median(b) with its two-sided {@code level} interval (0.99: the 0.5th to the
     * 99.5th percentile of the resampled ratios); n is the smaller sample's size.
     */
    public static Spread ratioOfMedians(double[] a, double[] b, double level) {
        if (a.length == 0 || b.length == 0) {
            throw new IllegalArgumentException("both samples need at least one value");
        }
        SplittableRandom random = new SplittableRandom(SEED);
        double[] ratios = new double[RESAMPLES];
        double[] ra = new double[a.length];
        double[] rb = new double[b.length];
        for (int i = 0; i < RESAMPLES; i++) {
            for (int j = 0; j < a.length; j++) {
                ra[j] = a[random.nextInt(a.length)];
            }
            for (int j = 0; j < b.length; j++) {
                rb[j] = b[random.nextInt(b.length)];
            }
            ratios[i] = median(ra) / median(rb);
        }
        Arrays.sort(ratios);
        double tail = (1 - level) / 2;
        double low = ratios[(int) Math.floor(tail * (RESAMPLES - 1))];
        double high = ratios[(int) Math.ceil((1 - tail) * (RESAMPLES - 1))];
        double mid = median(a) / median(b);
        return new Spread(mid, Math.min(low, mid), Math.max(high, mid), Math.min(a.length, b.length));
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
