package lab.microbench.experiment;

import java.util.Arrays;
import java.util.List;
import lab.microbench.Plan;
import org.HdrHistogram.Histogram;

/**
 * Seed 000's fairness figures: fetch counts per thread (max, min, average), single waits (max,
 * min, average over all fetches, ms), plus the spread (max - min) / average of the fetch counts
 * and Jain's index of them (1 = perfectly even).
 */
public record FairnessResult(String label, String pool, String version, Plan.Fairness plan,
                             List<Long> fetchesPerThread, List<Double> meanWaitMsPerThread,
                             long fetchMax, long fetchMin, double fetchAvg,
                             double waitMaxMs, double waitMinMs, double waitAvgMs, double waitP99Ms,
                             double fetchSpread, double jainIndex) {

    static FairnessResult of(FairnessExperiment.Variant v, Plan.Fairness plan, long[] fetches, Histogram[] perThread, Histogram all) {
        long max = Arrays.stream(fetches).max().orElse(0);
        long min = Arrays.stream(fetches).min().orElse(0);
        double avg = Arrays.stream(fetches).average().orElse(0);
        double sum = Arrays.stream(fetches).sum();
        double squares = Arrays.stream(fetches).mapToDouble(f -> (double) f * f).sum();
        double jain = squares == 0 ? 0 : sum * sum / (fetches.length * squares);
        Stats waits = Stats.millis(all);
        return new FairnessResult(v.label(), v.pool().name(), v.pool().version(), plan,
                Arrays.stream(fetches).boxed().toList(),
                Arrays.stream(perThread).map(h -> h.getMean() / 1_000_000d).toList(),
                max, min, avg, waits.max(), waits.min(), waits.mean(), waits.p99(),
                avg == 0 ? 0 : (max - min) / avg, jain);
    }
}
