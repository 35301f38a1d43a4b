package lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import lab.report.verdict.Claim.Status;
import org.junit.jupiter.api.Test;

/**
 * Each bar a claim is judged against (Bar), on simulated runs of known truth: the thesis' figure, half
 * its effect, none, and the opposite; samples log-normal around the truth with a spread like the runs'
 * (micro: 3 forks a side, 15 % fork to fork; load: 5 repetitions, 5 %). A label is wrong when it is
 * decided and not the one the truth lies in (inconclusive is never wrong); each must be wrong at most
 * 5 % of the time. Seeded, so the test is the same on every run.
 */
class BarHonestyTest {

    private static final int RUNS = 1000;

    /** The label the truth itself lies in. */
    private static Status truthLabel(Bar bar, double truth) {
        return truth < bar.direction() ? Status.NOT_REPRODUCED : truth < bar.low() ? Status.WEAKER
                : truth > bar.high() ? Status.EXCEEDED : Status.REPRODUCED;
    }

    private static List<Double> samples(Random rnd, double mean, int n, double sd) {
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(mean * Math.exp(sd * rnd.nextGaussian()));
        }
        return out;
    }

    /** The share of runs whose label is decided and wrong, for a truth {@code truth} of the ratio. */
    private static double wrong(Bar bar, double truth, int n, double sd, long seed) {
        Random rnd = new Random(seed);
        Status right = truthLabel(bar, truth);
        int wrong = 0;
        for (int i = 0; i < RUNS; i++) {
            Verdict.Candidate slower = Verdict.Candidate.of(samples(rnd, 10 * truth, n, sd), List.of());
            Verdict.Candidate faster = Verdict.Candidate.of(samples(rnd, 10, n, sd), List.of());
            Status s = bar.judge(Verdict.ratio(slower, faster));
            if (s != Status.INCONCLUSIVE && s != right) {
                wrong++;
            }
        }
        return (double) wrong / RUNS;
    }

    private static void honest(Bar bar, double thesis) {
        double[] truths = {thesis, 1 + (thesis - 1) / 2, 1, 1 / thesis};
        for (int[] setting : new int[][] {{3, 15}, {5, 5}}) {
            for (double truth : truths) {
                double w = wrong(bar, truth, setting[0], setting[1] / 100.0, Double.doubleToLongBits(truth) ^ setting[0]);
                assertTrue(w <= 0.05, String.format(Locale.ROOT, "%s, truth %.2f×, %d samples at %d %%: wrong %.1f %% (the truth's "
                        + "label: %s)", bar.stated(), truth, setting[0], setting[1], w * 100, truthLabel(bar, truth).label()));
            }
        }
    }

    @Test
    void table41sBarsAreWrongAtMostOneRunInTwenty() {
        for (String engine : MicroClaims.ENGINES) {
            for (int[] pair : new int[][] {{0, 2}, {1, 2}, {1, 0}}) {
                double t = MicroClaims.thesisRatio(engine, pair[0], pair[1]);
                honest(Bar.thesis(t), t);
            }
        }
    }

    @Test
    void pipeliningsBarsAreWrongAtMostOneRunInTwenty() {
        honest(Bar.thesis(3), 3);
        honest(Bar.thesis(5), 5);
    }

    @Test
    void dramaticallysBarIsWrongAtMostOneRunInTwenty() {
        // no thesis figure: its own bound is the magnitude simulated
        honest(LoadClaims.DRAMATIC, 2 * LoadClaims.DRAMATIC.low());
    }
}
