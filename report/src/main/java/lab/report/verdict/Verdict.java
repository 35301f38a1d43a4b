package lab.report.verdict;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lab.report.Spread;

/**
 * Which mode wins one scenario, by a rule that has to be earned: every mode's value with its
 * spread and its ratio to a baseline mode; the best median is the candidate, and it is a clear
 * winner only when {@link Pairwise}'s rule separates it from every other mode measured (enough
 * repetitions, the interval of the ratio on its side of 1, an effect of at least
 * {@link Pairwise#MIN_EFFECT}, no flag on either side beyond what the rule lets each carry). A value
 * flagged beyond what lowers its own figure (where higher is better) never wins.
 *
 * @param scenario what was measured, e.g. "200 connections" or "Table 4.1, PostgreSQL"
 * @param baseline the mode the ratios are to (its own ratio is 1)
 * @param modes    per mode in the order given: value, ratio to the baseline (null without the
 *                 baseline), repetitions and flags
 * @param winner   the best mode by median among those whose flags let them win, null when none was measured
 * @param runnerUp the mode that kept the winner from being clear, else the second best; null when
 *                 only one mode was measured
 * @param clear    true when the winner earned it against every other mode
 * @param reason   why it is not clear: "no clear winner (a ≈ b)", "too few repetitions (b: 2)",
 *                 "b flagged: errors"; null when clear or not measured
 */
public record Verdict(String scenario, String baseline, boolean higherIsBetter, Map<String, Entry> modes,
                      String winner, String runnerUp, boolean clear, String reason) {

    public static final int MIN_REPETITIONS = Pairwise.MIN_REPETITIONS;
    public static final double MIN_EFFECT = Pairwise.MIN_EFFECT;

    /**
     * One mode in a scenario.
     *
     * @param value   median, min, max and n of its repetitions (or a score ± error)
     * @param ratio   its value ÷ the baseline's, with the range the spreads allow
     * @param samples the repetitions' values, empty when only the spread is known
     * @param flags   why the value may not win or decide (empty: none)
     * @param byRound the value per round (null: that repetition failed), empty when unknown
     */
    public record Entry(Spread value, Spread ratio, List<Double> samples, List<String> flags, List<Double> byRound) {
        public Entry(Spread value, Spread ratio) {
            this(value, ratio, List.of(), List.of(), List.of());
        }

        public Entry(Spread value, Spread ratio, List<Double> samples, List<String> flags) {
            this(value, ratio, samples, flags, List.of());
        }

        /** The figures as the pairwise rule takes them. */
        public Candidate candidate() {
            return new Candidate(value, samples, flags, byRound);
        }
    }

    /**
     * A mode's figures as measured: its spread, the good repetitions' values, its flags, and per
     * round its value (null where that repetition failed; empty when the rounds are unknown), so
     * that two modes run in the same rounds are compared round by round.
     */
    public record Candidate(Spread value, List<Double> samples, List<String> flags, List<Double> byRound) {
        public Candidate {
            samples = samples == null ? List.of() : List.copyOf(samples);
            flags = flags == null ? List.of() : List.copyOf(flags);
            byRound = byRound == null ? List.of() : java.util.Collections.unmodifiableList(new ArrayList<>(byRound));
        }

        public Candidate(Spread value, List<Double> samples, List<String> flags) {
            this(value, samples, flags, List.of());
        }

        /** The same figures without their rounds: for figures not measured in the same rounds as the other's. */
        public Candidate unpaired() {
            return new Candidate(value, samples, flags);
        }

        public static Candidate of(List<Double> samples, List<String> flags) {
            Spread s = Spread.of(samples);
            return s == null ? null : new Candidate(s, samples, flags);
        }

        /** From the values per round (null: that repetition failed); null when no round has a value. */
        public static Candidate ofRounds(List<Double> byRound, List<String> flags) {
            List<Double> good = byRound.stream().filter(java.util.Objects::nonNull).toList();
            Spread s = Spread.of(good);
            return s == null ? null : new Candidate(s, good, flags, byRound);
        }

        /** A mode that failed in every repetition: a loss, never an absence (flag {@code failed}). */
        public static Candidate loss(int repetitions) {
            return new Candidate(new Spread(0, 0, 0, repetitions), List.of(), List.of(Pairwise.FAILED));
        }

        public boolean isLoss() {
            return flags.contains(Pairwise.FAILED);
        }
    }

    /** Higher is better (throughput), or lower is better (time per operation). */
    public enum Better {
        HIGHER, LOWER
    }

    /** The spreads only (JMH scores ± error, or medians and ranges): no flags, n from each spread. */
    public static Verdict of(String scenario, Map<String, Spread> values, String baseline, Better better) {
        Map<String, Candidate> candidates = new LinkedHashMap<>();
        values.forEach((mode, v) -> candidates.put(mode, v == null ? null : new Candidate(v, List.of(), List.of())));
        return decide(scenario, candidates, baseline, better);
    }

    /** @param candidates per mode its figures; null values are "not measured" and left out */
    public static Verdict decide(String scenario, Map<String, Candidate> candidates, String baseline, Better better) {
        Map<String, Entry> modes = new LinkedHashMap<>();
        Candidate base = candidates.get(baseline);
        List<Map.Entry<String, Candidate>> measured = new ArrayList<>();
        candidates.forEach((mode, c) -> {
            if (c != null) {
                Spread ratio = base == null ? null : mode.equals(baseline) ? new Spread(1, 1, 1, c.value().n())
                        : Pairwise.ratio(c, base);
                modes.put(mode, new Entry(c.value(), ratio, c.samples(), c.flags(), c.byRound()));
                measured.add(Map.entry(mode, c));
            }
        });
        if (measured.isEmpty()) {
            return new Verdict(scenario, baseline, better == Better.HIGHER, modes, null, null, false, null);
        }
        Comparator<Map.Entry<String, Candidate>> byMedian = Comparator.comparingDouble(e -> e.getValue().value().median());
        // losses (failed in every repetition) last, whichever way is better
        measured.sort(Comparator.<Map.Entry<String, Candidate>, Boolean>comparing(e -> e.getValue().isLoss())
                .thenComparing(better == Better.HIGHER ? byMedian.reversed() : byMedian));
        Map.Entry<String, Candidate> best = measured.getFirst();
        List<String> blocking = blocking(best, measured, better);
        if (!blocking.isEmpty()) {
            // a value flagged beyond what its rivals' rounds or its own figure excuse never wins: the
            // best clean one is named, the flag is the answer
            String clean = measured.stream().filter(e -> blocking(e, measured, better).isEmpty()).map(Map.Entry::getKey)
                    .findFirst().orElse(null);
            return new Verdict(scenario, baseline, better == Better.HIGHER, modes, clean, best.getKey(), false,
                    best.getKey() + " flagged: " + String.join(", ", blocking));
        }
        for (Map.Entry<String, Candidate> rival : measured.subList(1, measured.size())) {
            String why = beats(best, rival, better);
            if (why != null) {
                return new Verdict(scenario, baseline, better == Better.HIGHER, modes, best.getKey(), rival.getKey(),
                        false, why);
            }
        }
        String second = measured.size() < 2 ? null : measured.get(1).getKey();
        return new Verdict(scenario, baseline, better == Better.HIGHER, modes, best.getKey(), second, true, null);
    }

    /** The flags that keep {@code mode} from being ahead of some other measured mode ({@link Pairwise#blocking}). */
    private static List<String> blocking(Map.Entry<String, Candidate> mode, List<Map.Entry<String, Candidate>> measured,
                                         Better better) {
        List<Map.Entry<String, Candidate>> rivals = measured.stream().filter(e -> e != mode).toList();
        if (rivals.isEmpty()) {
            return Pairwise.blocking(mode.getValue(), null, better);
        }
        return rivals.stream().flatMap(r -> Pairwise.blocking(mode.getValue(), r.getValue(), better).stream())
                .distinct().toList();
    }

    /** Null when {@code best} clearly beats {@code rival} by {@link Pairwise}'s rule, else why not. */
    private static String beats(Map.Entry<String, Candidate> best, Map.Entry<String, Candidate> rival, Better better) {
        Pairwise.Comparison c = Pairwise.compare(best.getKey(), best.getValue(), rival.getKey(), rival.getValue(), better);
        return switch (c.outcome()) {
            case FIRST -> null;
            case TIE, SECOND -> "no clear winner (" + best.getKey() + " ≈ " + rival.getKey() + ")";
            case UNDECIDED -> c.why();
        };
    }

    /** a ÷ b with the interval {@link Pairwise}'s rule uses. */
    public static Spread ratio(Candidate a, Candidate b) {
        return Pairwise.ratio(a, b);
    }

    /** The winner's id (e.g. nonblocking), "no clear winner (nonblocking ≈ jdbc)", "too few repetitions (...)", "x flagged: ..." or "not measured". */
    public String summary() {
        if (modes.isEmpty()) {
            return "not measured";
        }
        return clear ? winner : reason;
    }
}
