package lab.report.verdict;

import static lab.report.results.Points.rep;
import static lab.report.results.Points.series;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Function;

import lab.report.results.Point;
import lab.report.results.Repetitions;
import lab.report.results.Series;
import lab.report.verdict.Claim.Status;
import lab.report.verdict.LoadClaims.RunLink;
import org.junit.jupiter.api.Test;

/**
 * The load claims judged by the pairwise rule, on simulated sweeps of known truth: 1,000 per truth,
 * each point 5 repetitions log-normal 5 % around its true goodput (BarHonestyTest's load setting),
 * every connection counted in flight. Truths: the thesis' magnitude, half its effect, none and the
 * opposite; the thesis gives no figure for these (its Figures 4.6 and 4.8 are charts), so each
 * magnitude taken is named below. A label is wrong when decided and not the truth's; each at most 5 %.
 */
class LoadRulesTruthTest {

    private static final int RUNS = 1000;
    private static final int REPETITIONS = 5;
    private static final double SPREAD = 0.05;

    /** A point at {@code c} connections around {@code rps}, its repetitions drawn from {@code rnd}. */
    private static Point point(Random rnd, int c, double rps) {
        List<Point> reps = new ArrayList<>();
        for (int i = 0; i < REPETITIONS; i++) {
            reps.add(rep(c, rps * Math.exp(SPREAD * rnd.nextGaussian()), 0));
        }
        return Repetitions.aggregate(c, reps, true, LoadClaims.THESIS_LAN_RTT_MS);
    }

    private static void honest(String what, Status right, Function<Random, Claim> run) {
        Random rnd = new Random(what.hashCode());
        int wrong = 0;
        int rightCount = 0;
        for (int i = 0; i < RUNS; i++) {
            Status s = run.apply(rnd).status();
            wrong += s != Status.INCONCLUSIVE && s != right ? 1 : 0;
            rightCount += s == right ? 1 : 0;
        }
        double share = (double) wrong / RUNS;
        System.out.printf(Locale.ROOT, "%-75s wrong %4.1f %%, right %5.1f %%%n", what, 100 * share, 100.0 * rightCount / RUNS);
        assertTrue(share <= 0.05, String.format(Locale.ROOT, "%s: wrong %.1f %% (the truth's label: %s)", what, 100 * share, right.label()));
    }

    private static double[] truths(double magnitude) {
        return new double[] {magnitude, 1 + (magnitude - 1) / 2, 1, 1 / magnitude};
    }

    private static AppVerdict app(String app, Series... series) {
        return AppVerdict.of(app, "wrk", List.of(series));
    }

    @Test
    void threadPoolAtLowLoadIsRarelyWrong() {
        // magnitude taken as 2×: the pool queries the four databases at once where JDBC queries them in turn (at most 4×)
        for (double truth : truths(2)) {
            Status right = truth > Pairwise.EQUIVALENCE ? Status.REPRODUCED : Status.NOT_REPRODUCED;
            honest(String.format(Locale.ROOT, "4.2 thread pool beats JDBC at low load, pool ÷ jdbc %.2f×", truth), right,
                    rnd -> LoadClaims.threadpoolBeatsJdbcAtLowLoad(app("portal",
                            series("portal", "jdbc", point(rnd, 1, 100), point(rnd, 50, 1000)),
                            series("portal", "threadpool", point(rnd, 1, 100 * truth), point(rnd, 50, 1000 * truth))), RunLink.NONE));
        }
    }

    @Test
    void degradesPast400IsRarelyWrong() {
        // magnitude taken as a loss of 1.5× from 400 to 600 connections (a third of the goodput)
        for (double truth : truths(1.5)) {
            Status right = truth > Pairwise.EQUIVALENCE ? Status.REPRODUCED : Status.NOT_REPRODUCED;
            honest(String.format(Locale.ROOT, "4.2 thread pool degrades past 400, at 400 ÷ at 600 %.2f×", truth), right,
                    rnd -> LoadClaims.threadpoolDegradesPast400(app("portal",
                            series("portal", "threadpool", point(rnd, 400, 1000), point(rnd, 600, 1000 / truth))), RunLink.NONE));
        }
    }

    @Test
    void abysmalIsRarelyWrong() {
        // magnitude taken as the fair pool at a quarter of the unfair one's goodput, twice the bound's loss
        for (double loss : truths(4)) {
            Status right = 1 / loss < LoadClaims.ABYSMAL ? Status.REPRODUCED : Status.NOT_REPRODUCED;
            honest(String.format(Locale.ROOT, "4.2 a fair hand-off is abysmal, unfair ÷ fair %.2f×", loss), right,
                    rnd -> LoadClaims.fairHandOffIsAbysmal(app("portal",
                            series("portal", "threadpool", point(rnd, 600, 1000)),
                            series("portal", LoadClaims.THREADPOOL_FAIR, point(rnd, 600, 1000 / loss))), RunLink.NONE));
        }
    }

    @Test
    void shopScalesBetterWithLessDegradationIsRarelyWrong() {
        // the pool keeps 60 % of its peak at 10,000 connections; magnitude taken as nonblocking keeping 1.5× that share (90 %)
        for (double truth : truths(1.5)) {
            double nbKeeps = 0.6 * truth;
            Status right = truth >= LoadClaims.LESS_DEGRADATION.low() && 1200 * nbKeeps > 600 * Pairwise.EQUIVALENCE
                    ? Status.REPRODUCED : Status.NOT_REPRODUCED;
            honest(String.format(Locale.ROOT, "4.3 shop less degradation, nonblocking's kept share ÷ the pool's %.2f×", truth), right,
                    rnd -> LoadClaims.nonblockingScalesBetter(app("shop",
                            series("shop", "threadpool", point(rnd, 1000, 1000), point(rnd, 10_000, 600)),
                            series("shop", "nonblocking", point(rnd, 1000, 1200), point(rnd, 10_000, 1200 * nbKeeps))), RunLink.NONE));
        }
    }

    @Test
    void replyTimesAreRarelyWrong() {
        // Figures 4.7 and 4.9 on mean reply time (here connections ÷ goodput, Little's law); magnitude taken as the
        // others' reply 1.5× nonblocking's
        for (double truth : truths(1.5)) {
            Status right = truth > Pairwise.EQUIVALENCE ? Status.REPRODUCED : Status.NOT_REPRODUCED;
            honest(String.format(Locale.ROOT, "4.2 Figure 4.7 least reply time, the others' ÷ nonblocking's %.2f×", truth), right,
                    rnd -> ReplyClaims.nonblockingRepliesFastest(app("portal", series("portal", "jdbc", point(rnd, 400, 500)),
                            series("portal", "threadpool", point(rnd, 400, 500)),
                            series("portal", "nonblocking", point(rnd, 400, 500 * truth))), RunLink.NONE));
            honest(String.format(Locale.ROOT, "4.3 Figure 4.9 degrades less, the pool's reply ÷ nonblocking's %.2f×", truth), right,
                    rnd -> ReplyClaims.nonblockingRepliesDegradeLess(app("shop", series("shop", "threadpool", point(rnd, 10_000, 600)),
                            series("shop", "nonblocking", point(rnd, 10_000, 600 * truth))), RunLink.NONE));
        }
    }
}
