package lab.loadgen.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import lab.report.verdict.Pairwise;
import lab.report.verdict.Verdict;
import org.junit.jupiter.api.Test;

/**
 * The map's decision procedure as the sweep runs it, on synthetic goodput: rounds in a Williams
 * order ({@link Rounds#williams}), 3 rounds, then one more at a time while a mode against jdbc is
 * tied ({@link Pairwise#wantsMore}), up to 7; each asynchronous mode against jdbc by
 * {@link Pairwise#compare}. The machine is made hostile: 5 % noise per repetition (log-normal),
 * a drift of +10 % over a scenario (warming up, or another job starting), and carry-over (the
 * mode after jdbc runs 5 % slower, e.g. its database still busy). Measured: false winners between
 * identical modes, power at a true 20 % difference, and (stated, not asserted) power at 10 %.
 */
class DecisionRuleTest {

    static final int TRIALS = 2000;
    static final double NOISE = 0.05;
    static final double DRIFT = 0.10;
    static final double CARRY = 0.05;
    static final List<String> MODES = List.of("jdbc", "threadpool", "nonblocking", "virtual", "reactive");

    /** Per mode its true effect over jdbc (1.0: identical); per async mode the share of trials it was called ahead/behind. */
    static Map<String, double[]> simulate(Map<String, Double> effect, long seed) {
        Random random = new Random(seed);
        Map<String, double[]> calls = new HashMap<>();
        MODES.stream().filter(m -> !m.equals("jdbc")).forEach(m -> calls.put(m, new double[3]));
        int totalRounds = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            Map<String, List<Double>> byRound = new HashMap<>();
            MODES.forEach(m -> byRound.put(m, new ArrayList<>()));
            int slots = 7 * MODES.size();
            int slot = 0;
            String previous = null;
            int r = 0;
            while (r < 7) {
                if (r >= 3 && !undecided(byRound)) {
                    break;
                }
                for (String m : Rounds.williams(MODES, r)) {
                    double v = 1000 * effect.getOrDefault(m, 1.0) * Math.exp(NOISE * random.nextGaussian())
                            * (1 + DRIFT * slot / slots) * ("jdbc".equals(previous) ? 1 - CARRY : 1);
                    byRound.get(m).add(v);
                    previous = m;
                    slot++;
                }
                r++;
            }
            totalRounds += r;
            Verdict.Candidate jdbc = Verdict.Candidate.ofRounds(byRound.get("jdbc"), List.of());
            for (String m : calls.keySet()) {
                Pairwise.Outcome o = Pairwise.compare(m, Verdict.Candidate.ofRounds(byRound.get(m), List.of()), "jdbc",
                        jdbc, Verdict.Better.HIGHER).outcome();
                calls.get(m)[o == Pairwise.Outcome.FIRST ? 0 : o == Pairwise.Outcome.SECOND ? 1 : 2] += 1.0 / TRIALS;
            }
        }
        calls.put("meanRounds", new double[] {totalRounds / (double) TRIALS});
        return calls;
    }

    /** The sweep's stopping question (Rounds.undecided: CellRule.unsettled) on these values. */
    private static boolean undecided(Map<String, List<Double>> byRound) {
        Map<String, Verdict.Candidate> candidates = new java.util.LinkedHashMap<>();
        MODES.forEach(m -> candidates.put(m, Verdict.Candidate.ofRounds(byRound.get(m), List.of())));
        return lab.report.verdict.CellRule.unsettled(candidates) != null;
    }

    @Test
    void identicalModesAreCalledDifferentInAtMostFivePercentOfScenarios() {
        Map<String, double[]> calls = simulate(Map.of(), 1);
        for (String m : List.of("threadpool", "nonblocking", "virtual", "reactive")) {
            double falseWinner = calls.get(m)[0] + calls.get(m)[1];
            System.out.printf("identical to jdbc, %s: false winner in %.1f %% of %d scenarios (mean rounds %.1f)%n",
                    m, falseWinner * 100, TRIALS, calls.get("meanRounds")[0]);
            assertTrue(falseWinner <= 0.05, m + ": " + falseWinner);
        }
    }

    @Test
    void aTrueTwentyPercentDifferenceIsFoundInAtLeastEightyPercent() {
        Map<String, double[]> calls = simulate(Map.of("nonblocking", 1.2, "virtual", 1.1, "threadpool", 1 / 1.2), 2);
        double power20 = calls.get("nonblocking")[0];
        double power20Behind = calls.get("threadpool")[1];
        double power10 = calls.get("virtual")[0];
        System.out.printf("power: 20 %% ahead %.1f %%, 20 %% behind %.1f %%, 10 %% ahead %.1f %% (mean rounds %.1f)%n",
                power20 * 100, power20Behind * 100, power10 * 100, calls.get("meanRounds")[0]);
        assertTrue(power20 >= 0.80, "power at +20 %: " + power20);
        assertTrue(power20Behind >= 0.80, "power at −20 %: " + power20Behind);
        assertTrue(calls.get("nonblocking")[1] == 0, "never the opposite answer");
    }

    @Test
    void aWilliamsDesignPutsEveryModeInEverySlotAndAfterEveryOtherEquallyOften() {
        for (int n : List.of(2, 3, 4, 5)) {
            List<Integer> modes = java.util.stream.IntStream.range(0, n).boxed().toList();
            int rows = n % 2 == 0 ? n : 2 * n;
            Map<List<Integer>, Integer> follows = new HashMap<>();
            Map<List<Integer>, Integer> slots = new HashMap<>();
            Set<List<Integer>> seen = new HashSet<>();
            for (int r = 0; r < rows; r++) {
                List<Integer> order = Rounds.williams(modes, r);
                assertEquals(new HashSet<>(modes), new HashSet<>(order), "a permutation");
                seen.add(order);
                for (int k = 0; k < n; k++) {
                    slots.merge(List.of(order.get(k), k), 1, Integer::sum);
                    if (k > 0) {
                        follows.merge(List.of(order.get(k - 1), order.get(k)), 1, Integer::sum);
                    }
                }
            }
            assertEquals(n * n, slots.size(), "every mode in every slot, n=" + n);
            assertEquals(1, new HashSet<>(slots.values()).size(), "equally often, n=" + n + ": " + slots);
            assertEquals(n * (n - 1), follows.size(), "every mode after every other, n=" + n);
            assertEquals(1, new HashSet<>(follows.values()).size(), "equally often, n=" + n + ": " + follows);
        }
    }
}
