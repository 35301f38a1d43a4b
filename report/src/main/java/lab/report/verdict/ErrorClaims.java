package lab.report.verdict;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import lab.report.results.Point;
import lab.report.verdict.LoadClaims.RunLink;

import static lab.report.verdict.LoadClaims.*;

/**
 * "As the load increases, the driver starts encountering errors" (4.2): the portal's only. The thesis
 * reports no errors of the shop (4.3), so the shop is not judged on them.
 */
final class ErrorClaims {

    private ErrorClaims() {
    }

    /**
     * "Non-blocking errors at high load" (the thesis saw PostgreSQL connection resets): the portal's
     * non-blocking modes at the highest level measured whose load was counted. A mode fails requests when its error rate
     * exceeds {@link Point#ERROR_LIMIT_PCT} % (the {@code errors} flag), and does not when it stays at
     * or under it; a point with any other flag (interference, a saturated tool, ...) or no error count
     * decides nothing. The blocking modes' figures are shown beside, not judged: the thesis says
     * nothing of them. No failure below high load (past {@link #DEGRADES_PAST} connections) is "not
     * measured", not "not reproduced". The load tools see pages, not engines: which engine failed is
     * in the kinds only where a status tells it.
     */
    static Claim portalErrorsAtHighLoad(AppVerdict portal, RunLink run) {
        Judged j = Judged.of(portal, run).counted(NONBLOCKING, "reactive");
        String source = "4.2";
        Optional<AppVerdict.Row> high = j.rows().stream().max(Comparator.comparingInt(r -> r.scenario().concurrency()));
        String claim = "Non-blocking access fails requests at high load (past " + DEGRADES_PAST + " connections; above "
                + Point.ERROR_LIMIT_PCT + " % errors; portal; no figure in the thesis: its errors taken as more than the "
                + "lab's error limit)";
        if (high.isEmpty()) {
            return j.claim(source, claim, Claim.Status.NOT_MEASURED, "no portal point" + j.uncounted());
        }
        List<String> parts = new ArrayList<>();
        List<Boolean> nonblocking = new ArrayList<>();
        for (AppVerdict.ModeCell cell : high.get().modes()) {
            boolean judged = cell.mode().equals(NONBLOCKING) || cell.mode().equals("reactive");
            Boolean fails = fails(cell, entry(high.get(), cell.mode()));
            parts.add(cell.mode() + " " + cell.errors() + (!judged ? " (blocking: shown, not judged)"
                    : fails == null ? " (decides nothing: " + (cell.flags().isEmpty() ? "not measured" : cell.flags()) + ")" : ""));
            if (judged) {
                nonblocking.add(fails);
            }
        }
        int level = high.get().scenario().concurrency();
        boolean highLoad = level > DEGRADES_PAST;
        boolean nbFails = nonblocking.contains(Boolean.TRUE);
        boolean nbClean = !nonblocking.isEmpty() && nonblocking.stream().allMatch(Boolean.FALSE::equals);
        Claim.Status status = nonblocking.isEmpty() ? Claim.Status.NOT_MEASURED
                : nbFails ? Claim.Status.REPRODUCED
                : nbClean && !highLoad ? Claim.Status.NOT_MEASURED
                : nbClean ? Claim.Status.NOT_REPRODUCED : Claim.Status.INCONCLUSIVE;
        String reach = highLoad ? "the highest level reached"
                : "the highest level reached, not high load: no failures yet is no answer";
        return j.claim(source, claim, status, String.format(Locale.ROOT, "%s, at %d connections (%s): %s",
                j.note(), level, reach, String.join("; ", parts)),
                highLoad ? "" : "judged at " + level + " connections, not past " + DEGRADES_PAST);
    }

    /** Whether a mode failed requests (above the error limit); null when its point decides nothing. */
    private static Boolean fails(AppVerdict.ModeCell cell, Verdict.Entry e) {
        if (e == null || cell.errorRatePct() == null
                || e.flags().stream().anyMatch(f -> !f.equals(Point.FLAG_ERRORS))) {
            return null;
        }
        return cell.errorRatePct() > Point.ERROR_LIMIT_PCT;
    }
}
