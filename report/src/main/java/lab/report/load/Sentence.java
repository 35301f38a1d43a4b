package lab.report.load;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The one sentence that answers "blocking or asynchronous?" for this machine, generated from the
 * run's verdicts: from which round trip an asynchronous mode has earned at least
 * {@link Crossover#FACTOR} × jdbc (the same test as the crossover), by how much from there on,
 * and what the lowest round trip says.
 */
final class Sentence {

    private Sentence() {
    }

    /**
     * From the highest load down, the first load at which an asynchronous mode has earned
     * {@link Crossover#FACTOR} × jdbc ({@link Crossover#earned}) at some round trip: from the
     * smallest such round trip, the range of its earned ratios there and beyond, and what the
     * lowest round trip says; or that no mode earned it anywhere.
     */
    static String of(AnswerMap m, AppVerdict v) {
        List<Double> rtts = m.rtts();
        List<Integer> levels = new java.util.ArrayList<>(m.levels());
        java.util.Collections.reverse(levels);
        for (int level : levels) {
            List<AppVerdict.Row> row = v.rows().stream().filter(r -> r.scenario().concurrency() == level
                    && r.scenario().rttMs() != null).sorted(java.util.Comparator.comparingDouble(r -> r.scenario().rttMs())).toList();
            for (AppVerdict.Row from : row) {
                Optional<String> mode = from.verdict().modes().keySet().stream()
                        .filter(x -> !x.equals(AppVerdict.BASELINE) && Crossover.earned(from, x) != null)
                        .max(java.util.Comparator.comparingDouble(x -> Crossover.earned(from, x)));
                if (mode.isEmpty()) {
                    continue;
                }
                double lo = Double.POSITIVE_INFINITY;
                double hi = 0;
                for (AppVerdict.Row r : row.subList(row.indexOf(from), row.size())) {
                    Double ratio = Crossover.earned(r, mode.get());
                    if (ratio != null) {
                        lo = Math.min(lo, ratio);
                        hi = Math.max(hi, ratio);
                    }
                }
                String range = lo == hi ? num(lo) + "×" : num(lo) + "–" + num(hi) + "×";
                String first = String.format(Locale.ROOT, "%s: from %s round trip at %d connections, %s serves %s jdbc",
                        capital(m.app()), rtt(from.scenario().rttMs()), level, mode.get(), range);
                AnswerMap.Cell lowest = m.grid("goodput").rows().get(m.levels().indexOf(level)).getFirst();
                return from.scenario().rttMs() <= rtts.getFirst() ? first + " (already on the proxy hop alone)."
                        : first + "; below it " + below(lowest) + ".";
            }
        }
        AnswerMap.Cell lowest = m.grid("goodput").rows().get(m.levels().size() - 1).getFirst();
        return String.format(Locale.ROOT, "%s: up to %s round trip, at %s connections, no asynchronous mode has earned "
                + "%s× jdbc on this machine (the verdict rule, mode against jdbc); %s.", capital(m.app()), rtt(rtts.getLast()),
                m.levels().stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(" or ")),
                num(Crossover.FACTOR), below(lowest));
    }

    /** What the lowest round trip says, in words. */
    private static String below(AnswerMap.Cell c) {
        if (c.best() == null) {
            return "nothing was measured at " + rtt(c.rttMs());
        }
        if (!c.clear()) {
            return "the CPU decides and no mode is clearly ahead at " + rtt(c.rttMs())
                    + (c.ratioMedian() != null ? String.format(Locale.ROOT, " (best: %s, %s jdbc)", c.best(), c.ratio()) : "");
        }
        if (c.winner().equals(AppVerdict.BASELINE)) {
            return "the CPU decides and jdbc is ahead at " + rtt(c.rttMs());
        }
        return String.format(Locale.ROOT, "%s leads at %s by %s jdbc", c.winner(), rtt(c.rttMs()), c.ratio());
    }

    static String rtt(double ms) {
        return ms == 0 ? "0 ms (the proxy hop)" : num(ms) + " ms";
    }

    private static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.2g", v).replaceAll("\\.?0+$", "");
    }

    private static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
