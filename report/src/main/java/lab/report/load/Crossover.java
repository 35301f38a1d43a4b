package lab.report.load;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import lab.report.verdict.AppVerdict;
import lab.report.verdict.Pairwise;
import lab.report.verdict.Verdict;

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
                        "%s ms at %d connections (%s jdbc there)", num(hit.scenario().rttMs()),
                        hit.scenario().concurrency(), lab.report.Fmt.ratioRange(hit.verdict().modes().get(mode).ratio()))));
            }
        }
        return out;
    }

    /**
     * The ratio of {@code mode} to jdbc in this scenario when the mode has earned at least
     * {@link #FACTOR} × jdbc: {@link Pairwise}'s rule puts it ahead of jdbc (the same rule as the
     * map's cells), and the estimate reaches the factor; else null. Other modes do not matter: the
     * question is this mode against jdbc.
     */
    static Double earned(AppVerdict.Row row, String mode) {
        Verdict.Entry e = row.verdict().modes().get(mode);
        Verdict.Entry base = row.verdict().modes().get(AppVerdict.BASELINE);
        if (e == null || base == null) {
            return null;
        }
        Pairwise.Comparison c = Pairwise.compare(mode, e.candidate(), AppVerdict.BASELINE, base.candidate(),
                Verdict.Better.HIGHER);
        return c.outcome() == Pairwise.Outcome.FIRST && c.ratio().median() >= FACTOR ? c.ratio().median() : null;
    }

    private static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
