package lab.loadgen.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import lab.report.results.Point;
import lab.report.results.Repetitions;
import lab.report.verdict.AppVerdict;

/**
 * How repetitions are interleaved: the plan's points grouped into scenarios (app, link RTT, level,
 * tool, in the order first met), the modes of one scenario taking turns round by round, in the
 * order of a Williams design: over its rows every mode takes every slot, and follows every other
 * mode, equally often (n rows for an even number of modes, 2n for an odd one), so that neither
 * drift within a round nor carry-over from the mode before falls on one mode more than another.
 */
final class Rounds {

    private Rounds() {
    }

    /**
     * The points grouped by scenario, in plan order; {@code oneByOne} (ISOLATE: one instance runs at a
     * time) keeps every point a scenario of its own.
     */
    static List<List<PlannedPoint>> scenarios(List<PlannedPoint> plannedPoints, boolean oneByOne) {
        if (oneByOne) {
            return plannedPoints.stream().map(List::of).toList();
        }
        Map<List<Object>, List<PlannedPoint>> groups = new LinkedHashMap<>();
        for (PlannedPoint s : plannedPoints) {
            List<Object> key = new ArrayList<>();
            key.add(s.target().instance().app());
            key.add(Objects.requireNonNullElse(s.rttMs(), -1.0));
            key.add(s.level());
            key.add(s.tool());
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(s);
        }
        return List.copyOf(groups.values());
    }

    /**
     * Round {@code round} (0-based) of a Williams design over {@code points}: row 0 is 0, 1, n−1, 2,
     * n−2, ...; row i adds i to each (mod n); for odd n the rows n..2n−1 are rows 0..n−1 reversed.
     * Rounds past the design's rows start it again.
     */
    static <T> List<T> williams(List<T> plannedPoints, int round) {
        int n = plannedPoints.size();
        if (n < 2) {
            return plannedPoints;
        }
        int rows = n % 2 == 0 ? n : 2 * n;
        int row = Math.floorMod(round, rows);
        int[] first = new int[n];
        for (int k = 0, lo = 1, hi = n - 1; k < n; k++) {
            first[k] = k == 0 ? 0 : k % 2 == 1 ? lo++ : hi--;
        }
        List<T> out = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            out.add(plannedPoints.get((first[k] + row % n) % n));
        }
        if (row >= n) {
            java.util.Collections.reverse(out);
        }
        return out;
    }

    /**
     * Why the scenario needs another round ({@link lab.report.load.AnswerMap#unsettled}: a mode against
     * jdbc still tied, a point still trending, a wide tie in the winners' line), on the repetitions so
     * far, and whether it can change what the cell says; null when its cell is settled.
     */
    static lab.report.verdict.CellRule.Unsettled undecided(Map<PlannedPoint, List<Point>> reps) {
        Map<String, lab.report.verdict.Verdict.Candidate> byMode = new LinkedHashMap<>();
        reps.forEach((planned, done) -> {
            if (!done.isEmpty()) {
                Point p = Repetitions.aggregate(planned.level(), done, !ToolPlan.isOpenLoop(planned.tool()), planned.rttMs());
                lab.report.verdict.Verdict.Candidate c = AppVerdict.candidate(p);
                if (c != null) {
                    byMode.put(planned.target().instance().mode(), c);
                }
            }
        });
        return lab.report.verdict.CellRule.unsettled(byMode);
    }

}
