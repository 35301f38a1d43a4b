package lab.microbench.experiment;

import org.HdrHistogram.Histogram;

/** A summary of an HdrHistogram of nanoseconds, in the unit asked for (1,000 = µs, 1,000,000 = ms). */
public record Stats(long count, double min, double mean, double p50, double p99, double max, String unit) {

    public static Histogram histogram() {
        return new Histogram(3);
    }

    public static Stats micros(Histogram h) {
        return of(h, 1_000d, "µs");
    }

    public static Stats millis(Histogram h) {
        return of(h, 1_000_000d, "ms");
    }

    private static Stats of(Histogram h, double nanosPerUnit, String unit) {
        if (h.getTotalCount() == 0) {
            return new Stats(0, 0, 0, 0, 0, 0, unit);
        }
        return new Stats(h.getTotalCount(), h.getMinValue() / nanosPerUnit, h.getMean() / nanosPerUnit,
                h.getValueAtPercentile(50) / nanosPerUnit, h.getValueAtPercentile(99) / nanosPerUnit,
                h.getMaxValue() / nanosPerUnit, unit);
    }
}
