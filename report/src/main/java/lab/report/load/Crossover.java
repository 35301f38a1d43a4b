package lab.report.load;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import lab.report.Verdict;

/**
 * Per asynchronous mode, the smallest link RTT (then the lowest load) at which it serves at least
 * {@link #FACTOR} × the jdbc mode's goodput (medians of the repetitions), counting only scenarios
 * where both points may decide (enough repetitions, no flag); or "none up to" the largest RTT
 * measured.
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
            AppVerdict.Row hit = rows.stream().filter(r -> {
                Verdict.Entry e = r.verdict().modes().get(mode);
                Verdict.Entry base = r.verdict().modes().get(AppVerdict.BASELINE);
                return e != null && base != null && decides(e) && decides(base) && e.ratio() != null
                        && e.ratio().median() >= FACTOR;
            }).findFirst().orElse(null);
            if (hit == null) {
                out.add(new Crossover(mode, null, String.format(Locale.ROOT, "none up to %s ms among the points that may decide",
                        num(maxRtt))));
            } else {
                Verdict.Entry e = hit.verdict().modes().get(mode);
                out.add(new Crossover(mode, hit.scenario().rttMs(), String.format(Locale.ROOT,
                        "%s ms at %d connections (%.2f× jdbc there)", num(hit.scenario().rttMs()),
                        hit.scenario().concurrency(), e.ratio().median())));
            }
        }
        return out;
    }

    /** Whether a point may decide: enough repetitions and no flag. */
    private static boolean decides(Verdict.Entry e) {
        return e.flags().isEmpty() && e.value().n() >= Verdict.MIN_REPETITIONS;
    }

    private static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
