package lab.report.verdict;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import lab.report.results.ForkLoads;
import lab.report.results.JmhScore;

/** Test scores as a run that may decide a claim gives them: forks whose means are the samples, each on a quiet machine. */
final class QuietForks {

    /** The cores of the simulated machine, and each fork's 1-minute load average on it: quiet. */
    static final int CORES = 2;
    static final double QUIET_LOAD = 0.8;

    private QuietForks() {
    }

    /** {@code forks} forks, each with a quiet load average. */
    static ForkLoads quiet(int forks) {
        return new ForkLoads(Collections.nCopies(forks, QUIET_LOAD), CORES);
    }

    /**
     * A score of three forks whose means lie ms − δ, ms, ms + δ, δ chosen so that a ratio of two such
     * scores has about the range two 99.9 % errors of {@code error} allowed (Welch's t at 4 degrees of freedom).
     */
    static JmhScore threeForks(String method, Map<String, String> params, double ms, double error) {
        double delta = 2 * error / (Pairwise.quantile(4) * Math.sqrt(2.0 / 3));
        List<List<Double>> raw = new ArrayList<>();
        for (double d : new double[] {-delta, 0, delta}) {
            raw.add(Collections.nCopies(5, ms + d));
        }
        return new JmhScore(method, params, 1, 3, 2, "500 ms", 5, "500 ms", ms, error, "ms/op", "25", raw, quiet(3));
    }
}
