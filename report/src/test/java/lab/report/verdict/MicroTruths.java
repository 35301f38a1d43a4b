package lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;

import lab.report.results.JmhScore;
import lab.report.verdict.Claim.Status;

/**
 * Simulated micro runs of known truth, for the honesty tests of the rules outside {@link Bar}: each
 * fork's mean drawn log-normal around the true time with the runs' fork-to-fork spread, its three
 * iterations 5 % around that, every fork on a quiet machine. A label is wrong when it is decided and
 * not the truth's own; inconclusive is never wrong. Seeded: the same on every run.
 */
final class MicroTruths {

    /** Runs per truth. */
    static final int RUNS = 1000;
    /** The most a label may be wrong. */
    static final double MAX_WRONG = 0.05;
    /** Forks a side and their spread as a coefficient of variation: the smoke plan's fewest, and the quick plan's. */
    static final int[][] SETTINGS = {{3, 15}, {5, 5}};
    private static final int ITERATIONS = 3;
    private static final double ITERATION_CV = 0.05;

    private MicroTruths() {
    }

    /** One simulated score of {@code params}, {@code ms} true, {@code forks} forks spread by {@code cv}. */
    static JmhScore score(Random rnd, Map<String, String> params, double ms, int forks, double cv) {
        List<List<Double>> raw = new ArrayList<>();
        double sum = 0;
        double sumSq = 0;
        for (int f = 0; f < forks; f++) {
            double fork = ms * Math.exp(cv * rnd.nextGaussian());
            List<Double> its = new ArrayList<>();
            for (int i = 0; i < ITERATIONS; i++) {
                double v = fork * Math.exp(ITERATION_CV * rnd.nextGaussian());
                its.add(v);
                sum += v;
                sumSq += v * v;
            }
            raw.add(its);
        }
        int n = forks * ITERATIONS;
        double mean = sum / n;
        double sd = Math.sqrt(Math.max(0, (sumSq - n * mean * mean) / (n - 1)));
        // about JMH's 99.9 % half-interval over every iteration
        return new JmhScore("operation", params, 1, forks, 1, "300 ms", ITERATIONS, "300 ms", mean, 3.3 * sd / Math.sqrt(n), "ms/op",
                "25", raw, QuietForks.quiet(forks));
    }

    /**
     * Asserts {@code rule} (a run's label, given its random source and its setting {forks, cv %}) wrong at
     * most {@link #MAX_WRONG} of {@link #RUNS} runs for a truth whose own label is {@code right}.
     */
    static void honest(String what, Status right, BiFunction<Random, int[], Status> rule) {
        for (int[] setting : SETTINGS) {
            Random rnd = new Random(what.hashCode() * 31L + setting[0]);
            int wrong = 0;
            int rightCount = 0;
            for (int i = 0; i < RUNS; i++) {
                Status s = rule.apply(rnd, setting);
                wrong += s != Status.INCONCLUSIVE && s != right ? 1 : 0;
                rightCount += s == right ? 1 : 0;
            }
            double share = (double) wrong / RUNS;
            System.out.printf(Locale.ROOT, "%-70s %d forks at %2d %%: wrong %4.1f %%, right %5.1f %%%n", what, setting[0], setting[1],
                    100 * share, 100.0 * rightCount / RUNS);
            assertTrue(share <= MAX_WRONG, String.format(Locale.ROOT, "%s, %d forks at %d %%: wrong %.1f %% (the truth's label: %s)",
                    what, setting[0], setting[1], 100 * share, right.label()));
        }
    }
}
