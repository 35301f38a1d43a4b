package lab.report.load;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The one sentence that answers "blocking or asynchronous?" for this machine, generated from the
 * map's goodput cells at its highest load: from which round trip an asynchronous mode clearly
 * serves at least {@link Crossover#FACTOR} × jdbc, by how much from there on, and what happens
 * below it.
 */
final class Sentence {

    private Sentence() {
    }

    static String of(AnswerMap m) {
        int high = m.levels().getLast();
        List<Double> rtts = m.rtts();
        AnswerMap.Grid goodput = m.grid("goodput");
        List<AnswerMap.Cell> row = goodput.rows().get(m.levels().size() - 1);
        Optional<AnswerMap.Cell> from = row.stream().filter(c -> c.clear() && !c.winner().equals(AppVerdict.BASELINE)
                && c.ratioMedian() != null && c.ratioMedian() >= Crossover.FACTOR).findFirst();
        AnswerMap.Cell lowest = row.getFirst();
        String below = below(lowest);
        if (from.isEmpty()) {
            return String.format(Locale.ROOT, "%s: up to %s round trip at %d connections no asynchronous mode clearly "
                    + "serves %s× jdbc on this machine; %s.", capital(m.app()), rtt(rtts.getLast()), high,
                    num(Crossover.FACTOR), below);
        }
        AnswerMap.Cell x = from.get();
        String mode = x.winner();
        // the winner's ratio to jdbc at this round trip and every longer one
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (AnswerMap.Cell c : row.subList(row.indexOf(x), row.size())) {
            if (mode.equals(c.best()) && c.ratioMedian() != null) {
                lo = Math.min(lo, c.ratioMedian());
                hi = Math.max(hi, c.ratioMedian());
            }
        }
        String range = lo == hi ? num(lo) + "×" : num(lo) + "–" + num(hi) + "×";
        String first = String.format(Locale.ROOT, "%s: from %s round trip at %d connections, %s serves %s jdbc",
                capital(m.app()), rtt(x.rttMs()), high, mode, range);
        return x == lowest ? first + " (already on the proxy hop alone)." : first + "; below it " + below + ".";
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
