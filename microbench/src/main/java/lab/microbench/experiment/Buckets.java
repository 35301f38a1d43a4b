package lab.microbench.experiment;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/** Seed 003's log buckets (steps of about x3.16 from 1 µs to 3.2 s, then "other"), counted from an HdrHistogram of nanoseconds. */
public final class Buckets {

    /** Upper bounds in nanoseconds, exclusive. */
    static final long[] UPPER = {1_000L, 3_200L, 10_000L, 32_000L, 100_000L, 320_000L, 1_000_000L, 3_200_000L,
        10_000_000L, 32_000_000L, 100_000_000L, 320_000_000L, 1_000_000_000L, 3_200_000_000L};

    public static final List<String> LABELS = List.of("<1 µs", "1-3.2 µs", "3.2-10 µs", "10-32 µs", "32-100 µs",
            "100-320 µs", "0.32-1 ms", "1-3.2 ms", "3.2-10 ms", "10-32 ms", "32-100 ms", "100-320 ms", "0.32-1 s", "1-3.2 s", "other");

    private Buckets() {
    }

    public static List<Long> count(Histogram h) {
        long[] counts = new long[UPPER.length + 1];
        for (HistogramIterationValue v : h.recordedValues()) {
            counts[bucket(h.highestEquivalentValue(v.getValueIteratedTo()))] += v.getCountAtValueIteratedTo();
        }
        List<Long> list = new ArrayList<>(counts.length);
        for (long c : counts) {
            list.add(c);
        }
        return list;
    }

    static int bucket(long nanos) {
        for (int i = 0; i < UPPER.length; i++) {
            if (nanos < UPPER[i]) {
                return i;
            }
        }
        return UPPER.length;
    }
}
