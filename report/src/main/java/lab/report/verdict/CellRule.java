package lab.report.verdict;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import lab.report.Spread;
import lab.report.results.Point;

/**
 * The rule of one cell of the answer map ("blocking or asynchronous?" at one level and round trip):
 * which asynchronous mode is best, which are its equals (the winners' line), how the modes rank,
 * and, for the sweep's adaptive rounds, why a cell is not settled yet. Every comparison is
 * {@link Pairwise}'s; the map ({@code lab.report.load.AnswerMap}) only reads the outcome.
 */
public final class CellRule {

    private static final String BASELINE = AppVerdict.BASELINE;

    private CellRule() {
    }

    /**
     * The asynchronous modes, the best first: those whose flags let them be ahead (none, or only
     * what lowers their own figure where higher is better) before the flagged, losses last, then by median.
     */
    public static List<String> asyncModes(Map<String, Verdict.Candidate> candidates, Verdict.Better better) {
        Comparator<Map.Entry<String, Verdict.Candidate>> byMedian = Comparator.comparingDouble(e -> e.getValue().value().median());
        return candidates.entrySet().stream().filter(e -> !e.getKey().equals(BASELINE))
                .sorted(Comparator.<Map.Entry<String, Verdict.Candidate>, Boolean>comparing(e -> e.getValue().isLoss())
                        .thenComparing(e -> !Pairwise.blocking(e.getValue(), null, better).isEmpty())
                        .thenComparing(better == Verdict.Better.HIGHER ? byMedian.reversed() : byMedian))
                .map(Map.Entry::getKey).toList();
    }

    /**
     * An asynchronous mode (not a loss) left out of {@code named} whose median is at or above {@code
     * ahead}'s, by any amount and on any number of repetitions, or null. Measured ahead of the modes
     * a cell would name, and undecided (a flag, too few repetitions, not separated from jdbc), it
     * must not hand the answer to the modes behind it: the cell is grey and says to measure it again.
     */
    public static String aheadUndecided(Verdict.Candidate ahead, List<String> named, List<String> asyncModes,
                                        Map<String, Verdict.Candidate> candidates, Verdict.Better better) {
        double a = ahead.value().median();
        return asyncModes.stream().filter(m -> !named.contains(m)).filter(m -> {
            Verdict.Candidate c = candidates.get(m);
            return !c.isLoss() && (better == Verdict.Better.HIGHER ? c.value().median() >= a : c.value().median() <= a);
        }).findFirst().orElse(null);
    }

    /**
     * The mode that keeps the cell from naming its answer ({@link #aheadUndecided}): ahead of the
     * winners where an asynchronous mode is separated from jdbc in its favour, ahead of jdbc where
     * jdbc is; null otherwise.
     */
    public static String undecidedAhead(String best, List<String> asyncModes, Map<String, Verdict.Candidate> candidates,
                                        Verdict.Better better) {
        Verdict.Candidate jdbc = candidates.get(BASELINE);
        return switch (Pairwise.compare(best, candidates.get(best), BASELINE, jdbc, better).outcome()) {
            case FIRST -> aheadUndecided(candidates.get(best), winners(best, asyncModes, candidates, better), asyncModes,
                    candidates, better);
            case SECOND -> aheadUndecided(jdbc, List.of(), asyncModes, candidates, better);
            case TIE, UNDECIDED -> null;
        };
    }

    /**
     * The cell's best asynchronous mode: the first (by median) that the rule separates from jdbc in its
     * favour, so that a noisier mode with a higher median does not hide a clear answer; else the first.
     */
    public static String best(List<String> asyncModes, Map<String, Verdict.Candidate> candidates, Verdict.Better better) {
        Verdict.Candidate jdbc = candidates.get(BASELINE);
        return asyncModes.stream().filter(m -> jdbc != null && Pairwise.compare(m, candidates.get(m), BASELINE,
                jdbc, better).outcome() == Pairwise.Outcome.FIRST).findFirst().orElse(asyncModes.getFirst());
    }

    /**
     * The best mode and every mode also ahead of jdbc that is its equal: the rule cannot separate the
     * two, or does not show the other at least {@link #EQUIVALENT} behind.
     */
    public static List<String> winners(String best, List<String> asyncModes, Map<String, Verdict.Candidate> candidates,
                                        Verdict.Better better) {
        Verdict.Candidate b = candidates.get(best);
        Verdict.Candidate jdbc = candidates.get(BASELINE);
        List<String> winners = new ArrayList<>(List.of(best));
        for (String m : asyncModes) {
            Verdict.Candidate c = candidates.get(m);
            if (!m.equals(best) && equal(Pairwise.compare(best, b, m, c, better))
                    && Pairwise.compare(m, c, BASELINE, jdbc, better).outcome() == Pairwise.Outcome.FIRST) {
                winners.add(m);
            }
        }
        return winners;
    }

    /**
     * An asynchronous mode is named beside the best unless the rule shows it at least this much behind: the
     * near end of the ratio's interval, not only its median, beyond 10 %. A smaller difference flips from run
     * to run (two default runs back to back: portal at 200 connections and lan, "reactive" alone in one and
     * "reactive ≈ nonblocking" in the next, with the medians 13 % and 4 % apart) and does not change the
     * answer to the map's question, blocking or asynchronous; the ranking line still shows the order the
     * rule found.
     */
    public static final double EQUIVALENT = 1.10;

    private static boolean equal(Pairwise.Comparison bestAgainstOther) {
        if (bestAgainstOther.outcome() == Pairwise.Outcome.TIE) {
            return true;
        }
        Spread r = bestAgainstOther.ratio();
        if (bestAgainstOther.outcome() != Pairwise.Outcome.FIRST || r == null || Double.isNaN(r.median())) {
            return false;
        }
        double near = r.median() >= 1 ? r.min() : 1 / r.max(); // the interval's end nearest to "equal"
        return near < EQUIVALENT;
    }

    /**
     * A tie in the winners' line whose medians are at least this far apart is a tie for want of
     * rounds rather than of a difference (e.g. the shop's nonblocking at 1.45× virtual after 3 rounds):
     * the sweep spends an added round on it. Closer ties (the portal's nonblocking and reactive share
     * one engine) are left as ties, so that the budget goes where a round can change the answer.
     */
    public static final double WINNERS_GAP = 1.15;

    /**
     * Why a scenario's goodput cell is not settled yet, for the sweep's adaptive rounds.
     *
     * @param why  in words: "jdbc still trends", "virtual against jdbc still tied", ...
     * @param cell whether another round can change what the cell says (its colour, its winners, a flag
     *             on it), not only its ranking line: the sweep spends the budget on these first
     */
    public record Unsettled(String why, boolean cell) {
    }

    /**
     * Why a scenario's goodput cell is not settled yet: a point whose repetitions still trend one way
     * (more rounds may settle it; the trend is judged on them all), an asynchronous mode that the rule
     * cannot yet separate from jdbc (or too few repetitions), an undecided mode measured ahead of the
     * modes the cell would name ({@link #undecidedAhead}: first, it is what greys the cell), or a mode named in the winners' line
     * beside the best though their medians are at least {@link #WINNERS_GAP} apart. Null when settled. A tie against jdbc of a mode
     * well behind the best (the portal's virtual at 0 ms, 740 against jdbc's 765 pages/s, while
     * nonblocking served 1,057) changes only the ranking line: it comes last, marked so; three default
     * maps spent 4 added rounds a scenario on such ties in the portal's first cells, and the budget had
     * none left for the shop's, whose winners then changed from run to run.
     */
    public static Unsettled unsettled(Map<String, Verdict.Candidate> candidates) {
        Verdict.Better better = Verdict.Better.HIGHER;
        for (Map.Entry<String, Verdict.Candidate> e : candidates.entrySet()) {
            if (e.getValue().flags().contains(Point.FLAG_NOT_STEADY)) {
                return new Unsettled(e.getKey() + " still trends", true);
            }
        }
        Verdict.Candidate jdbc = candidates.get(BASELINE);
        List<String> asyncModes = asyncModes(candidates, better);
        if (jdbc == null || asyncModes.isEmpty()) {
            return null;
        }
        String best = best(asyncModes, candidates, better);
        Verdict.Candidate b = candidates.get(best);
        String ahead = undecidedAhead(best, asyncModes, candidates, better);
        if (ahead != null) {
            return new Unsettled(ahead + " measured ahead of the modes the cell would name, undecided", true);
        }
        Unsettled rankingOnly = null;
        for (String m : asyncModes) {
            Verdict.Candidate c = candidates.get(m);
            if (Pairwise.wantsMore(Pairwise.compare(m, c, BASELINE, jdbc, better))) {
                boolean cell = m.equals(best) || c.isLoss() || equal(Pairwise.compare(best, b, m, c, better));
                if (cell) {
                    return new Unsettled(m + " against jdbc still tied", true);
                }
                rankingOnly = rankingOnly != null ? rankingOnly
                        : new Unsettled(m + " against jdbc still tied (its place in the ranking only)", false);
            }
        }
        for (String m : asyncModes) {
            Verdict.Candidate c = candidates.get(m);
            if (m.equals(best) || c.isLoss()) {
                continue;
            }
            Pairwise.Comparison pair = Pairwise.compare(best, b, m, c, better);
            // named beside the best (tied, or separated by less than EQUIVALENT at the interval's near end)
            // though their medians are apart: a round narrows the interval, which decides the naming
            if (equal(pair) && pair.ratio() != null
                    && Math.max(pair.ratio().median(), 1 / pair.ratio().median()) >= WINNERS_GAP) {
                return new Unsettled(String.format(Locale.ROOT, "%s against %s still %s at %.2f×", best, m,
                        pair.outcome() == Pairwise.Outcome.TIE ? "tied" : "within the interval's 10 %",
                        pair.ratio().median()), true);
            }
        }
        return rankingOnly;
    }

    /** The asynchronous modes, best first, joined by "&gt;" where the rule separates neighbours, "≈" where not. */
    public static String ranking(List<String> modes, Map<String, Verdict.Candidate> candidates, Verdict.Better better) {
        if (modes.size() < 2) {
            return null;
        }
        StringBuilder out = new StringBuilder(modes.getFirst());
        for (int i = 1; i < modes.size(); i++) {
            Pairwise.Comparison c = Pairwise.compare(modes.get(i - 1), candidates.get(modes.get(i - 1)), modes.get(i),
                    candidates.get(modes.get(i)), better);
            out.append(switch (c.outcome()) {
                case FIRST -> " > ";
                case SECOND -> " < ";
                case TIE -> " ≈ ";
                case UNDECIDED -> " ? ";
            }).append(modes.get(i));
        }
        return out.toString();
    }
}
