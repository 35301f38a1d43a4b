package lab.report.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import lab.report.Verdict;

/**
 * Per asynchronous mode, the smallest link RTT (then the lowest load) at which it has earned at
 * least {@link #FACTOR} × the jdbc mode's goodput ({@link #earned}); or "none up to" the largest
 * RTT measured.
 */
public record Crossover(String mode, Double rttMs, String text) {

    public static final double FACTOR = 1.5;

    public static List<Crossover> of(AppVerdict v) {
        List<AppVerdict.Row> rows = v.rows().stream().filter(r -> r.scenario().rttMs() != null).toList();
        if (rows.isEmpty()) {
            return List.of();
        }
        double maxRtt = rows.stream().mapToDouble(r -> r.scenario().rttMs()).max().orElseThrow();
        Set<String> modes = new LinkedHashSet<>();
        rows.forEach(r -> modes.addAll(r.verdict().modes().keySet()));
        modes.remove(AppVerdict.BASELINE);
        List<Crossover> out = new ArrayList<>();
        for (String mode : modes) {
            AppVerdict.Row hit = rows.stream().filter(r -> earned(r, mode) != null).findFirst().orElse(null);
            if (hit == null) {
                out.add(new Crossover(mode, null, String.format(Locale.ROOT, "none up to %s ms",
                        num(maxRtt))));
            } else {
                out.add(new Crossover(mode, hit.scenario().rttMs(), String.format(Locale.ROOT,
                        "%s ms at %d connections (%.2f× jdbc there)", num(hit.scenario().rttMs()),
                        hit.scenario().concurrency(), earned(hit, mode))));
            }
        }
        return out;
    }

    /**
     * The median ratio of {@code mode} to jdbc in this scenario when the mode has earned at least
     * {@link #FACTOR} × jdbc: the verdict rule on the two of them alone (enough repetitions, no
     * flag on either, the bootstrap interval above 1) names it, and the median ratio reaches the
     * factor; else null. Other modes' flags do not matter: the question is this mode against jdbc.
     */
    static Double earned(AppVerdict.Row row, String mode) {
        Verdict.Entry e = row.verdict().modes().get(mode);
        Verdict.Entry base = row.verdict().modes().get(AppVerdict.BASELINE);
        if (e == null || base == null || e.ratio() == null || e.ratio().median() < FACTOR) {
            return null;
        }
        Map<String, Verdict.Candidate> pair = new LinkedHashMap<>();
        pair.put(mode, new Verdict.Candidate(e.value(), e.samples(), e.flags()));
        pair.put(AppVerdict.BASELINE, new Verdict.Candidate(base.value(), base.samples(), base.flags()));
        Verdict v = Verdict.decide("", pair, AppVerdict.BASELINE, Verdict.Better.HIGHER);
        return v.clear() && v.winner().equals(mode) ? e.ratio().median() : null;
    }

    private static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
