package lab.report.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;

import lab.report.results.JmhScore;
import lab.report.verdict.Claim.Status;
import org.junit.jupiter.api.Test;

/**
 * The micro rules outside {@link Bar} on simulated runs of known truth ({@link MicroTruths}: 1,000 per
 * truth, 3 forks at 15 % and 5 at 5 %): Figure 4.1's bands, Figure 4.2's "two requests", Figures
 * 4.4/4.5's slopes and Figure 4.5's linearity. Truths: the thesis' magnitude, half its effect, none
 * and the opposite; where the thesis gives no figure, the magnitude taken is named in the test.
 */
class MicroRulesTruthTest {

    /** Off ÷ on of Figures 4.1–4.2: pipelining off {@code 10 × ratio} ms, on 10 ms, both engines, over {@code link}. */
    private static Status pipelining(Random rnd, int[] setting, String link, String requests, double ratio, Predicate<Claim> which) {
        List<JmhScore> scores = new ArrayList<>();
        for (String engine : MicroClaims.ENGINES) {
            scores.add(MicroTruths.score(rnd, Map.of("engine", engine, "variant", MicroClaims.UNPIPELINED, "requests", requests),
                    10 * ratio, setting[0], setting[1] / 100.0));
            scores.add(MicroTruths.score(rnd, Map.of("engine", engine, "variant", MicroClaims.PIPELINED, "requests", requests),
                    10, setting[0], setting[1] / 100.0));
        }
        return MicroClaims.of(Map.of(), Map.of(link, scores), List.of(), List.of()).stream().filter(which).findFirst().orElseThrow().status();
    }

    /** Figure 4.1's PostgreSQL "small gain": no figure in the thesis, its band's geometric centre, 1.05–2×. */
    private static final double SMALL_GAIN = Math.sqrt(1.05 * 2);

    private static double[] truths(double magnitude) {
        return new double[] {magnitude, 1 + (magnitude - 1) / 2, 1, 1 / magnitude};
    }

    @Test
    void figure41sBandsAreRarelyWrong() {
        for (double truth : truths(SMALL_GAIN)) {
            // MySQL's "no clear gain" holds within 0.8–1.2×, PostgreSQL's "small gain" within 1.05–2×
            Status mysql = truth >= 0.8 && truth <= 1.2 ? Status.REPRODUCED : Status.NOT_REPRODUCED;
            Status pg = truth >= 1.05 && truth <= 2 ? Status.REPRODUCED : Status.NOT_REPRODUCED;
            MicroTruths.honest(String.format("Figure 4.1 MySQL no clear gain, truth %.2f×", truth), mysql,
                    (rnd, s) -> pipelining(rnd, s, "loopback", "25", truth, c -> c.source().equals("Figure 4.1, MySQL")));
            MicroTruths.honest(String.format("Figure 4.1 PostgreSQL small gain, truth %.2f×", truth), pg,
                    (rnd, s) -> pipelining(rnd, s, "loopback", "25", truth, c -> c.source().equals("Figure 4.1, PostgreSQL")));
        }
    }

    @Test
    void twoRequestsAreRarelyWrong() {
        // no figure at 2 requests in the thesis: its magnitude taken as 2×, the most two requests can gain (one round trip for two)
        for (double truth : truths(2)) {
            Status right = truth >= Verdict.MIN_EFFECT ? Status.REPRODUCED : Status.NOT_REPRODUCED;
            MicroTruths.honest(String.format("Figure 4.2 significant at two requests, truth %.2f×", truth), right,
                    (rnd, s) -> pipelining(rnd, s, "lan", "2", truth, c -> c.source().equals("Figure 4.2, MySQL")
                            && c.claim().startsWith("the gain from pipelining is significant")));
        }
    }

    /** Scores of a scaling figure: the pool from 1 to 11 ms over the counts, pipelined from 1 to {@code 1 + 10 × share}. */
    private static Status growth(Random rnd, int[] setting, String engine, String param, List<Integer> counts, double share,
                                 Predicate<Claim> which) {
        List<JmhScore> scores = new ArrayList<>();
        double span = counts.getLast() - counts.getFirst();
        for (String variant : List.of(MicroClaims.POOL, MicroClaims.PIPELINED)) {
            double slope = (variant.equals(MicroClaims.POOL) ? 10 : 10 * share) / span;
            for (int x : counts) {
                scores.add(MicroTruths.score(rnd, Map.of("engine", engine, "variant", variant, param, String.valueOf(x)),
                        1 + slope * (x - counts.getFirst()), setting[0], setting[1] / 100.0));
            }
        }
        List<JmhScore> none = List.of();
        List<Claim> claims = param.equals("servers") ? MicroClaims.of(Map.of(), Map.of(), scores, none)
                : MicroClaims.of(Map.of(), Map.of(), none, scores);
        return claims.stream().filter(which).findFirst().orElseThrow().status();
    }

    @Test
    void slopesAreRarelyWrong() {
        // no figure in the thesis: its magnitude taken as non-blocking's slope a quarter of the pool's (Figure 4.5's
        // "much less" is at most half); half its effect 0.625, none 1, the opposite 4
        for (double share : new double[] {0.25, 0.625, 1, 4}) {
            Status more = share < 1 - ScalingClaims.SLOWER_BY ? Status.REPRODUCED : Status.NOT_REPRODUCED;
            Status much = share <= ScalingClaims.MUCH_LESS ? Status.REPRODUCED : more == Status.REPRODUCED ? Status.WEAKER : more;
            MicroTruths.honest(String.format("Figure 4.4 grows more slowly, pipelined's slope %.3f of the pool's", share), more,
                    (rnd, s) -> growth(rnd, s, MicroClaims.THROWAWAY, "servers", List.of(1, 8), share,
                            c -> c.source().equals("Figure 4.4")));
            MicroTruths.honest(String.format("Figure 4.5 grows much less, pipelined's slope %.3f of the pool's", share), much,
                    (rnd, s) -> growth(rnd, s, "POSTGRESQL", "connections", List.of(1, 50, 200), share,
                            c -> c.source().equals("Figure 4.5, PostgreSQL")));
        }
    }

    /** Figure 4.5's pipelined scores at 1, 50 and 200 connections rising 10 ms, the cost per connection before the middle {@code bend} × after it. */
    private static Status linear(Random rnd, int[] setting, double bend) {
        double d1 = 49;
        double d2 = 150;
        double after = 10 / (bend * d1 + d2);
        double[] ms = {1, 1 + bend * after * d1, 11};
        int[] xs = {1, 50, 200};
        List<JmhScore> scores = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            scores.add(MicroTruths.score(rnd, Map.of("engine", "POSTGRESQL", "variant", MicroClaims.PIPELINED, "connections",
                    String.valueOf(xs[i])), ms[i], setting[0], setting[1] / 100.0));
        }
        return MicroClaims.of(Map.of(), Map.of(), List.of(), scores).stream()
                .filter(c -> c.source().equals("Figure 4.5, PostgreSQL, nonblocking-pipelined")).findFirst().orElseThrow().status();
    }

    @Test
    void linearityIsRarelyWrong() {
        // the thesis' "nearly linear": the cost per connection the same before and after the middle count; half-way to the
        // band's edge on the log scale (√2); none: bent 4× (most of the rise before the middle); the opposite bend, ¼
        for (double bend : new double[] {1, Math.sqrt(2), 4, 0.25}) {
            Status right = bend >= 1 / ScalingClaims.LINEAR_FACTOR && bend <= ScalingClaims.LINEAR_FACTOR
                    ? Status.REPRODUCED : Status.NOT_REPRODUCED;
            MicroTruths.honest(String.format("Figure 4.5 nearly linear, bend %.2f×", bend), right, (rnd, s) -> linear(rnd, s, bend));
        }
    }
}
