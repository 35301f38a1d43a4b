package lab.report.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import lab.report.Spread;
import lab.report.results.Point;

import static lab.report.verdict.LoadClaims.THESIS_LAN_RTT_MS;

/**
 * The rows a load claim is judged on, and the link they were measured on; {@code leftOut} names the
 * points left out because the load they held is not known ({@link #counted}).
 */
record Judged(List<AppVerdict.Row> rows, JudgedLink link, List<String> leftOut) {

    Judged(List<AppVerdict.Row> rows, JudgedLink link) {
        this(rows, link, List.of());
    }

    /** The link, and the points left out for an unknown load where there were any. */
    String note() {
        return link.text() + uncounted();
    }

    /**
     * These rows less those where one of {@code modes} (none given: every mode of the row) has a point
     * whose load is not known ({@link Point.Held#known}): a claim is judged only on points whose
     * requests in flight were counted by the tool and by the app, and agree.
     */
    Judged counted(String... modes) {
        List<AppVerdict.Row> kept = new ArrayList<>();
        List<String> out = new ArrayList<>(leftOut);
        for (AppVerdict.Row r : rows) {
            List<String> unknown = new ArrayList<>();
            for (String m : modes.length == 0 ? r.verdict().modes().keySet().stream().toList() : List.of(modes)) {
                if (r.verdict().modes().containsKey(m) && !r.held(m).known()) {
                    unknown.add(m + " (" + r.held(m).words() + ")");
                }
            }
            if (unknown.isEmpty()) {
                kept.add(r);
            } else {
                out.add("at " + r.scenario().concurrency() + " connections " + String.join(", ", unknown));
            }
        }
        return new Judged(kept, link, out);
    }

    /** "; not measured where the load was not known: …", or "" when no point was left out. */
    String uncounted() {
        return leftOut.isEmpty() ? "" : "; left out, the load they held not known: " + String.join("; ", leftOut);
    }

    /** The claim with this link's setting in its status, and {@code more} (e.g. a level) beside it. */
    Claim claim(String source, String claim, Claim.Status status, String evidence, String... more) {
        List<String> off = new ArrayList<>();
        if (!link.offSetting().isEmpty()) {
            off.add(link.offSetting());
        }
        for (String m : more) {
            if (m != null && !m.isEmpty()) {
                off.add(m);
            }
        }
        return new Claim(source, claim, status, evidence, String.join("; ", off));
    }

    /**
     * The rows asked at the thesis' link (lan) when there are any, else those without an RTT, else
     * those at the lowest RTT; the link judged by {@link JudgedLink#of}: at lan on what the run's calibration
     * found it to add to a query, else on the median of the rows' measured round trips less the run's direct
     * query at rest.
     */
    static Judged of(AppVerdict v, LoadClaims.RunLink run) {
        if (v == null) {
            return new Judged(List.of(), JudgedLink.unknown("no points", THESIS_LAN_RTT_MS));
        }
        List<AppVerdict.Row> lan = v.rows().stream()
                .filter(r -> r.scenario().rttMs() != null && Math.abs(r.scenario().rttMs() - THESIS_LAN_RTT_MS) < 1e-9)
                .toList();
        if (!lan.isEmpty()) {
            return new Judged(lan, JudgedLink.of("lan", THESIS_LAN_RTT_MS,
                    new JudgedLink.Figures(THESIS_LAN_RTT_MS, measured(lan), run.directAtRestMs(), run.lanAddedMs())));
        }
        Optional<Double> lowest = v.rows().stream().map(r -> r.scenario().rttMs()).filter(Objects::nonNull)
                .min(Double::compare);
        boolean unlinked = v.rows().stream().anyMatch(r -> r.scenario().rttMs() == null);
        List<AppVerdict.Row> rows = v.rows().stream().filter(r -> unlinked ? r.scenario().rttMs() == null
                : Objects.equals(r.scenario().rttMs(), lowest.orElse(null))).toList();
        Double measured = measured(rows);
        // without an RTT per point the run measured at whatever link the lab was in (the run's header names it)
        JudgedLink link = unlinked && measured == null
                ? JudgedLink.unknown("at the lab's link when the run started", THESIS_LAN_RTT_MS)
                : JudgedLink.of(unlinked ? "the lab's link when the run started" : "the run's lowest RTT",
                THESIS_LAN_RTT_MS, new JudgedLink.Figures(unlinked ? null : lowest.orElseThrow(), measured, run.directAtRestMs(), null));
        return new Judged(rows, link.onThesisLink() ? link
                : new JudgedLink(link.text() + " (run PROFILE=thesis, or RTTS=0.19)", link.offSetting()));
    }

    private static Double measured(List<AppVerdict.Row> rows) {
        Spread s = Spread.of(rows.stream().map(AppVerdict.Row::rttMeasuredMs).toList());
        return s == null ? null : s.median();
    }
}
