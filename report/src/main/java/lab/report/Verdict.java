package lab.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which mode wins one scenario: every mode's value with its spread, its ratio to a baseline mode
 * (with the range the spreads allow), the winner, and whether it is clear — it is not when the
 * winner's range overlaps the runner-up's, or any other mode's ("no clear winner").
 *
 * @param scenario what was measured, e.g. "200 connections" or "Table 4.1, PostgreSQL"
 * @param baseline the mode the ratios are to (its own ratio is 1)
 * @param modes    per mode in the order given: value and ratio to the baseline (ratio null when the baseline is missing)
 * @param winner   the best mode by median, null when nothing was measured
 * @param runnerUp the best-ranked mode whose range overlaps the winner's, else the second best; null when only one mode was measured
 * @param clear    true when the winner's range overlaps no other mode's
 */
public record Verdict(String scenario, String baseline, boolean higherIsBetter, Map<String, Entry> modes,
                      String winner, String runnerUp, boolean clear) {

    public record Entry(Spread value, Spread ratio) {
    }

    /** Higher is better (throughput), or lower is better (time per operation). */
    public enum Better {
        HIGHER, LOWER
    }

    /** @param values per mode its spread; null values are "not measured" and left out */
    public static Verdict of(String scenario, Map<String, Spread> values, String baseline, Better better) {
        Map<String, Entry> modes = new LinkedHashMap<>();
        Spread base = values.get(baseline);
        List<Map.Entry<String, Spread>> measured = new ArrayList<>();
        values.forEach((mode, v) -> {
            if (v != null) {
                Spread ratio = base == null ? null : mode.equals(baseline) ? new Spread(1, 1, 1, v.n()) : v.ratioTo(base);
                modes.put(mode, new Entry(v, ratio));
                measured.add(Map.entry(mode, v));
            }
        });
        Comparator<Map.Entry<String, Spread>> byMedian = Comparator.comparingDouble(e -> e.getValue().median());
        measured.sort(better == Better.HIGHER ? byMedian.reversed() : byMedian);
        String winner = measured.isEmpty() ? null : measured.get(0).getKey();
        // Any mode whose range reaches the winner's makes it unclear, not only the second best: a
        // mode with a worse median but a wide range may still be the faster one.
        String rival = measured.stream().skip(1).filter(e -> e.getValue().overlaps(measured.get(0).getValue()))
                .map(Map.Entry::getKey).findFirst().orElse(null);
        String runnerUp = rival != null ? rival : measured.size() < 2 ? null : measured.get(1).getKey();
        boolean clear = winner != null && rival == null;
        return new Verdict(scenario, baseline, better == Better.HIGHER, modes, winner, runnerUp, clear);
    }

    /** "nonblocking", "no clear winner (nonblocking ≈ jdbc)" or "not measured". */
    public String summary() {
        if (winner == null) {
            return "not measured";
        }
        return clear ? winner : "no clear winner (" + winner + " ≈ " + runnerUp + ")";
    }
}
