package lab.report.verdict;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import lab.report.Fmt;
import lab.report.results.Point;
import lab.report.verdict.LoadClaims.RunLink;

import static lab.report.verdict.LoadClaims.*;

/** The thesis' Figures 4.7 and 4.9, judged on the reply times the load tools measured (lower is better). */
final class ReplyClaims {

    private ReplyClaims() {
    }

    /**
     * Figure 4.7: the portal's mean reply time, least for non-blocking I/O. At the highest level where
     * nonblocking, jdbc and threadpool all held their load: reproduced when nonblocking's reply time is
     * clearly below both (the pairwise rule, lower is better), not reproduced when either is clearly
     * below it or its equal, else inconclusive.
     */
    static Claim nonblockingRepliesFastest(AppVerdict portal, RunLink run) {
        String claim = "Non-blocking access gives the portal's pages the least reply time (Figure 4.7, mean reply time per load)";
        return replyClaim("4.2", claim, portal, run, List.of(JDBC, THREADPOOL), null);
    }

    /**
     * Figure 4.9: "the non-blocking I/O drivers are able to scale better and have less performance
     * degradation as the load increases", on the shop's mean reply time: at {@link #SHOP_TOP}
     * connections (or the highest level both held), nonblocking's reply time clearly below the
     * thread pool's.
     */
    static Claim nonblockingRepliesDegradeLess(AppVerdict shop, RunLink run) {
        String claim = "Non-blocking access degrades less as the load rises: the shop's reply time stays below the thread pool's "
                + "(Figure 4.9, mean reply time; up to 10,000 connections)";
        return replyClaim("4.3", claim, shop, run, List.of(THREADPOOL), SHOP_TOP);
    }

    /** Nonblocking's mean reply time against each of {@code others} at the highest level all held (or {@code top}). */
    private static Claim replyClaim(String source, String claim, AppVerdict app, RunLink run, List<String> others, Integer top) {
        List<String> modes = new ArrayList<>(others);
        modes.add(NONBLOCKING);
        Judged j = Judged.of(app, run).counted(modes.toArray(String[]::new));
        List<AppVerdict.Row> rows = j.rows().stream().filter(r -> modes.stream().allMatch(m -> r.replies().get(m) != null)).toList();
        if (rows.isEmpty()) {
            return j.claim(source, claim, Claim.Status.NOT_MEASURED, "needs mean reply times of " + String.join(", ", modes) + " at one level" + j.uncounted());
        }
        List<AppVerdict.Row> held = rows.stream().filter(r -> modes.stream().noneMatch(m -> belowNominal(r, m))).toList();
        if (held.isEmpty()) {
            return j.claim(source, claim, Claim.Status.INCONCLUSIVE, "no level where " + String.join(", ", modes) + " all held "
                    + Math.round(Point.NOMINAL_SHARE * 100) + " % of their connections (belowNominalConcurrency); to decide: "
                    + Flags.REMEDIES.get(Point.FLAG_BELOW_NOMINAL));
        }
        AppVerdict.Row high = held.stream().max(Comparator.comparingInt(r -> r.scenario().concurrency())).orElseThrow();
        int at = high.scenario().concurrency();
        List<String> ahead = new ArrayList<>();
        List<String> behind = new ArrayList<>();
        List<String> open = new ArrayList<>();
        for (String other : others) {
            String[] why = new String[1];
            String winner = compare(NONBLOCKING, high.replies().get(NONBLOCKING), other, high.replies().get(other), Verdict.Better.LOWER, why);
            String text = other + " " + ms(high.replies().get(other)) + (why[0] == null ? "" : " (" + why[0] + ")");
            (winner == null ? open : winner.equals(NONBLOCKING) ? ahead : behind).add(text);
        }
        Claim.Status status = !behind.isEmpty() ? Claim.Status.NOT_REPRODUCED
                : open.isEmpty() ? Claim.Status.REPRODUCED : Claim.Status.INCONCLUSIVE;
        String level = top == null || at == top ? "" : String.format(Locale.ROOT, "judged at %d connections, not %,d", at, top);
        return j.claim(source, claim, status, String.format(Locale.ROOT,
                "%s, at %d connections nonblocking %s; slower than it: %s; as fast or faster: %s; undecided: %s",
                j.note(), at, ms(high.replies().get(NONBLOCKING)), list(ahead), list(behind), list(open)), level);
    }

    private static String ms(Verdict.Candidate c) {
        return c.value() == null ? "not measured" : Fmt.num(c.value().median()) + " ms";
    }
}
