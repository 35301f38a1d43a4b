package lab.report.load;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import lab.report.verdict.AppVerdict;

/**
 * The one sentence that answers "blocking or asynchronous?" for one app on this machine, from the
 * map's goodput cells (the same pairwise rule): in how many cells asynchronous access wins, blocking
 * wins, or neither can be told apart; one ratio with its interval, where asynchronous wins at the
 * largest round trip and load; from where it serves at least {@link Crossover#FACTOR} × jdbc; and
 * what the lowest round trip says. It names the CPU as the reason only where the app used at least
 * {@link #CPU_BOUND_SHARE} of the cores the machine left it.
 */
final class Sentence {

    /** "The CPU decides": the app used at least this share of the cores left to it. */
    static final double CPU_BOUND_SHARE = 0.9;

    private Sentence() {
    }

    static String of(AnswerMap m, AppVerdict v) {
        List<AnswerMap.Cell> cells = new ArrayList<>();
        m.grid("goodput").rows().forEach(cells::addAll);
        long async = cells.stream().filter(c -> AnswerMap.Cell.ASYNC.equals(c.answer())).count();
        long blocking = cells.stream().filter(c -> AnswerMap.Cell.BLOCKING.equals(c.answer())).count();
        long grey = cells.size() - async - blocking;
        StringBuilder out = new StringBuilder(capital(m.app())).append(": ");
        out.append(String.format(Locale.ROOT, "asynchronous access serves more than jdbc in %d of %d cells", async, cells.size()));
        if (blocking > 0) {
            out.append(String.format(Locale.ROOT, ", jdbc more in %d", blocking));
        }
        if (grey > 0) {
            out.append(String.format(Locale.ROOT, ", %d %s no clear answer", grey, grey == 1 ? "cell has" : "cells have"));
        }
        AnswerMap.Cell headline = cells.stream().filter(c -> AnswerMap.Cell.ASYNC.equals(c.answer()))
                .max(Comparator.comparingDouble(AnswerMap.Cell::rttMs).thenComparingInt(AnswerMap.Cell::level)).orElse(null);
        if (headline != null) {
            // no ratio against a jdbc that failed in every repetition (a loss)
            out.append(headline.ratio() == null
                    ? String.format(Locale.ROOT, ". At %s and %d connections %s %s while jdbc failed in every repetition",
                            rtt(headline.rttMs()), headline.level(), headline.winner(),
                            headline.winner().contains("≈") ? "answer" : "answers")
                    : String.format(Locale.ROOT, ". At %s and %d connections %s %s %s jdbc", rtt(headline.rttMs()),
                            headline.level(), headline.winner(), headline.winner().contains("≈") ? "serve" : "serves",
                            headline.ratio()));
        }
        AnswerMap.Cell from = cells.stream().filter(c -> AnswerMap.Cell.ASYNC.equals(c.answer())
                        && c.ratioMedian() != null && c.ratioMedian() >= Crossover.FACTOR)
                .min(Comparator.comparingDouble(AnswerMap.Cell::rttMs).thenComparingInt(AnswerMap.Cell::level)).orElse(null);
        if (from != null && from != headline) {
            out.append(String.format(Locale.ROOT, "; from %s at %d connections it is at least %s× jdbc",
                    rtt(from.rttMs()), from.level(), num(Crossover.FACTOR)));
        }
        // the lowest round trip at the highest load: where the CPU, not the link, may decide
        AnswerMap.Cell lowest = m.grid("goodput").rows().getLast().getFirst();
        String below = below(lowest);
        if (below != null) {
            out.append(". ").append(below);
        }
        return out.append('.').toString();
    }

    /** What the lowest round trip says when it is not an asynchronous win; null when it is one. */
    private static String below(AnswerMap.Cell c) {
        if (AnswerMap.Cell.ASYNC.equals(c.answer())) {
            return null;
        }
        String where = String.format(Locale.ROOT, "At %s and %d connections", rtt(c.rttMs()), c.level());
        String what = AnswerMap.Cell.BLOCKING.equals(c.answer())
                ? String.format(Locale.ROOT, "jdbc is ahead (%s: %s jdbc)", c.best(), c.ratio())
                : c.best() == null ? "nothing was measured"
                : String.format(Locale.ROOT, "%s (%s: %s jdbc)", c.reason(), c.best(), c.ratio());
        String cpu = c.appCores() != null && c.cpuLeftCores() != null && c.cpuLeftCores() > 0
                && c.appCores() >= CPU_BOUND_SHARE * c.cpuLeftCores()
                // "of the cores left" read "0.9 of the 0.8" where the processes' counts overlap (interrupt time)
                ? String.format(Locale.ROOT, "; the app used %.1f cores, and the other processes left it %.1f: the CPU decides",
                        c.appCores(), c.cpuLeftCores()) : "";
        return where + " " + what + cpu;
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
