package lab.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which mode wins one scenario, by a rule that has to be earned. Every mode's value with its
 * spread and its ratio to a baseline mode; the best median is the candidate, and it is a clear
 * winner only when, against every other mode measured:
 * <ul>
 *   <li>both have at least {@link #MIN_REPETITIONS} good repetitions and neither carries a flag
 *       (errors, interference, a tool at its limit, ...): a flagged value never wins, and a
 *       flagged rival leaves the question open;</li>
 *   <li>the better one's median is at least {@link #MIN_EFFECT} × the other's;</li>
 *   <li>the {@link #LEVEL} interval of that ratio lies above 1 — with fewer than
 *       {@link #FULL_REPETITIONS} repetitions on either side, above {@link #MIN_EFFECT}, since so
 *       few values give a bootstrap interval too narrow to trust.</li>
 * </ul>
 * The interval is a bootstrap of the ratio of medians where the repetitions' values are known,
 * else the widest ratio two confidence intervals allow (JMH's score ± error). Simulated (see
 * VerdictTest): two identical modes with 5 % noise are called different in under 5 % of runs at
 * 3, 4 and 5 repetitions; a real 20 % difference at 5 repetitions is found in over 90 %.
 *
 * @param scenario what was measured, e.g. "200 connections" or "Table 4.1, PostgreSQL"
 * @param baseline the mode the ratios are to (its own ratio is 1)
 * @param modes    per mode in the order given: value, ratio to the baseline (null without the
 *                 baseline), repetitions and flags
 * @param winner   the best unflagged mode by median, null when none was measured
 * @param runnerUp the mode that kept the winner from being clear, else the second best; null when
 *                 only one mode was measured
 * @param clear    true when the winner earned it against every other mode
 * @param reason   why it is not clear: "no clear winner (a ≈ b)", "too few repetitions (b: 2)",
 *                 "b flagged: errors"; null when clear or not measured
 */
public record Verdict(String scenario, String baseline, boolean higherIsBetter, Map<String, Entry> modes,
                      String winner, String runnerUp, boolean clear, String reason) {

    public static final int MIN_REPETITIONS = 3;
    public static final int FULL_REPETITIONS = 5;
    public static final double MIN_EFFECT = 1.05;
    public static final double LEVEL = 0.99;

    /**
     * One mode in a scenario.
     *
     * @param value   median, min, max and n of its repetitions (or a score ± error)
     * @param ratio   its value ÷ the baseline's, with the range the spreads allow
     * @param samples the repetitions' values, empty when only the spread is known
     * @param flags   why the value may not win or decide (empty: none)
     */
    public record Entry(Spread value, Spread ratio, List<Double> samples, List<String> flags) {
        public Entry(Spread value, Spread ratio) {
            this(value, ratio, List.of(), List.of());
        }
    }

    /** A mode's figures as measured: its spread, the repetitions' values and its flags. */
    public record Candidate(Spread value, List<Double> samples, List<String> flags) {
        public Candidate {
            samples = samples == null ? List.of() : List.copyOf(samples);
            flags = flags == null ? List.of() : List.copyOf(flags);
        }

        public static Candidate of(List<Double> samples, List<String> flags) {
            Spread s = Spread.of(samples);
            return s == null ? null : new Candidate(s, samples, flags);
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
                        : c.value().ratioTo(base.value());
                modes.put(mode, new Entry(c.value(), ratio, c.samples(), c.flags()));
                measured.add(Map.entry(mode, c));
            }
        });
        if (measured.isEmpty()) {
            return new Verdict(scenario, baseline, better == Better.HIGHER, modes, null, null, false, null);
        }
        Comparator<Map.Entry<String, Candidate>> byMedian = Comparator.comparingDouble(e -> e.getValue().value().median());
        measured.sort(better == Better.HIGHER ? byMedian.reversed() : byMedian);
        Map.Entry<String, Candidate> best = measured.getFirst();
        if (!best.getValue().flags().isEmpty()) {
            // a flagged value never wins: the best clean one is named, the flag is the answer
            String clean = measured.stream().filter(e -> e.getValue().flags().isEmpty()).map(Map.Entry::getKey)
                    .findFirst().orElse(null);
            return new Verdict(scenario, baseline, better == Better.HIGHER, modes, clean, best.getKey(), false,
                    flagged(best.getKey(), best.getValue()));
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

    /** Null when {@code best} clearly beats {@code rival}, else why not. */
    private static String beats(Map.Entry<String, Candidate> best, Map.Entry<String, Candidate> rival, Better better) {
        Candidate b = best.getValue();
        Candidate r = rival.getValue();
        if (!r.flags().isEmpty()) {
            return flagged(rival.getKey(), r);
        }
        int n = Math.min(b.value().n(), r.value().n());
        if (n < MIN_REPETITIONS) {
            String who = b.value().n() < r.value().n() ? best.getKey() : rival.getKey();
            return String.format(Locale.ROOT, "too few repetitions (%s: %d, %d needed)", who, n, MIN_REPETITIONS);
        }
        // the better one over the other: > 1 means "better" in either direction
        Spread ratio = better == Better.HIGHER ? ratio(b, r) : ratio(r, b);
        double floor = n < FULL_REPETITIONS ? MIN_EFFECT : 1.0;
        boolean earned = ratio.median() >= MIN_EFFECT && ratio.min() > floor;
        return earned ? null : "no clear winner (" + best.getKey() + " ≈ " + rival.getKey() + ")";
    }

    /** a ÷ b: the bootstrap interval when both have their repetitions' values, else the spreads' widest ratio. */
    public static Spread ratio(Candidate a, Candidate b) {
        if (a.samples().size() >= MIN_REPETITIONS && b.samples().size() >= MIN_REPETITIONS) {
            return Bootstrap.ratioOfMedians(values(a.samples()), values(b.samples()), LEVEL);
        }
        return a.value().ratioTo(b.value());
    }

    private static double[] values(List<Double> samples) {
        return samples.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static String flagged(String mode, Candidate c) {
        return mode + " flagged: " + String.join(", ", c.flags());
    }

    /** The winner's id (e.g. nonblocking), "no clear winner (nonblocking ≈ jdbc)", "too few repetitions (...)", "x flagged: ..." or "not measured". */
    public String summary() {
        if (modes.isEmpty()) {
            return "not measured";
        }
        return clear ? winner : reason;
    }
}
