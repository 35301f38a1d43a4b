package lab.report.load;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import lab.access.Mode;
import lab.report.Claim;
import lab.report.Spread;
import lab.report.Verdict;

/**
 * The thesis' load-test findings (sections 4.2 and 4.3) checked against one run's numbers, each
 * reproduced, not reproduced, inconclusive or not measured, with the figures it was decided on.
 *
 * <p>The thesis measured over 1 GbE (0.19 ms): a claim is judged on the points measured at
 * {@code lan} when the run has them, else on the lowest round trip it has, and then says "on
 * loopback, not the thesis' link". Two figures are compared with {@link Verdict}'s rule (enough
 * repetitions, no flag, an effect the bootstrap interval supports); anything less is
 * "inconclusive", never "not reproduced". Like is compared with like: the same level for two
 * modes, the same mode at two named levels.
 */
public final class LoadClaims {

    /** The thesis' 1 GbE round trip, the lab's {@code LINK=lan} (lab.link.Link.LAN; a test in loadgen holds them equal). */
    public static final double THESIS_LAN_RTT_MS = 0.19;

    /** "Dramatically": at least this many times jdbc's goodput, by the whole interval. */
    static final double DRAMATIC = 1.5;
    /** "~400 connections": levels above this are "past" it. */
    static final int DEGRADES_PAST = 400;
    /** The thesis' fair thread-pool hand-off served about this many pages/s. */
    static final double THESIS_FAIR_RPS = 36;
    private static final String JDBC = Mode.JDBC.id();
    private static final String THREADPOOL = Mode.THREADPOOL.id();
    private static final String NONBLOCKING = Mode.NONBLOCKING.id();
    /** The mode id of a portal threadpool instance started with fair hand-off. */
    static final String THREADPOOL_FAIR = THREADPOOL + "-fair";

    private LoadClaims() {
    }

    public static List<Claim> of(List<AppVerdict> verdicts) {
        AppVerdict portal = find(verdicts, "portal");
        AppVerdict shop = find(verdicts, "shop");
        List<Claim> out = new ArrayList<>();
        out.add(threadpoolBeatsJdbcAtLowLoad(portal));
        out.add(threadpoolDegradesPast400(portal));
        out.add(nonblockingImprovesDramatically(portal));
        out.add(fairHandOffIsAbysmal(portal));
        out.add(nonblockingScalesBetter(shop));
        out.add(jdbcOnTheEventLoopServesLeast(shop));
        out.addAll(errorsAtHighLoad(verdicts));
        return out;
    }

    private static AppVerdict find(List<AppVerdict> verdicts, String app) {
        return verdicts.stream().filter(v -> v.app().equals(app)).findFirst().orElse(null);
    }

    /** The rows a claim is judged on, and on which link. */
    record Judged(List<AppVerdict.Row> rows, String link) {
        String note() {
            return link;
        }
    }

    /** The rows at the thesis' link (lan) when there are any, else those without an RTT, else those at the lowest RTT. */
    static Judged rows(AppVerdict v) {
        if (v == null) {
            return new Judged(List.of(), "");
        }
        List<AppVerdict.Row> lan = v.rows().stream()
                .filter(r -> r.scenario().rttMs() != null && Math.abs(r.scenario().rttMs() - THESIS_LAN_RTT_MS) < 1e-9)
                .toList();
        if (!lan.isEmpty()) {
            return new Judged(lan, "on the thesis' link (lan, " + THESIS_LAN_RTT_MS + " ms RTT)");
        }
        Optional<Double> lowest = v.rows().stream().map(r -> r.scenario().rttMs()).filter(Objects::nonNull)
                .min(Double::compare);
        boolean unlinked = v.rows().stream().anyMatch(r -> r.scenario().rttMs() == null);
        List<AppVerdict.Row> rows = v.rows().stream().filter(r -> unlinked ? r.scenario().rttMs() == null
                : Objects.equals(r.scenario().rttMs(), lowest.orElse(null))).toList();
        // without an RTT per point the run measured at whatever link the lab was in (the run's header names it)
        String where = unlinked ? "at the lab's link when the run started" : "at " + lowest.orElseThrow() + " ms RTT";
        return new Judged(rows, where + ", not the thesis' link (run PROFILE=thesis, or RTTS=0.19)");
    }

    private static Verdict.Entry entry(AppVerdict.Row r, String mode) {
        return r.verdict().modes().get(mode);
    }

    private static Verdict.Candidate candidate(AppVerdict.Row r, String mode) {
        Verdict.Entry e = entry(r, mode);
        return e == null ? null : new Verdict.Candidate(e.value(), e.samples(), e.flags());
    }

    /**
     * The rule on two figures: "a" when a clearly beats b, "b" when b clearly beats a, else null
     * with the reason in {@code why[0]}.
     */
    static String compare(String a, Verdict.Candidate ca, String b, Verdict.Candidate cb, String[] why) {
        Map<String, Verdict.Candidate> m = new LinkedHashMap<>();
        m.put(a, ca);
        m.put(b, cb);
        Verdict v = Verdict.decide("", m, a, Verdict.Better.HIGHER);
        if (v.clear()) {
            return v.winner();
        }
        why[0] = v.summary();
        return null;
    }

    private static Claim decided(String source, String claim, String expectedWinner, String winner, String why,
                                 String evidence) {
        Claim.Status status = winner == null ? Claim.Status.INCONCLUSIVE
                : winner.equals(expectedWinner) ? Claim.Status.REPRODUCED : Claim.Status.NOT_REPRODUCED;
        return new Claim(source, claim, status, evidence + (winner == null ? " — " + why : ""));
    }

    /** A section 4.2 claim that {@code expected} wins between modes a and b at one row's load. */
    private static Claim headToHead(String claim, Judged j, AppVerdict.Row row, String expected, String a, String b) {
        String[] why = new String[1];
        String winner = compare(a, candidate(row, a), b, candidate(row, b), why);
        return decided("4.2", claim, expected, winner, why[0], String.format(Locale.ROOT,
                "%s, at %d connections: %s %s vs %s %s successes/s", j.note(), row.scenario().concurrency(),
                a, text(entry(row, a).value()), b, text(entry(row, b).value())));
    }

    static Claim threadpoolBeatsJdbcAtLowLoad(AppVerdict portal) {
        String claim = "Thread-pool outperforms JDBC at low load (portal)";
        Judged j = rows(portal);
        Optional<AppVerdict.Row> low = j.rows().stream()
                .filter(r -> entry(r, THREADPOOL) != null && entry(r, JDBC) != null)
                .min(Comparator.comparingInt(r -> r.scenario().concurrency()));
        if (low.isEmpty()) {
            return new Claim("4.2", claim, Claim.Status.NOT_MEASURED, "no portal point with both jdbc and threadpool");
        }
        return headToHead(claim, j, low.get(), THREADPOOL, THREADPOOL, JDBC);
    }

    static Claim threadpoolDegradesPast400(AppVerdict portal) {
        String claim = "Thread-pool degrades past ~400 connections (portal)";
        Judged j = rows(portal);
        List<AppVerdict.Row> rows = j.rows().stream().filter(r -> entry(r, THREADPOOL) != null).toList();
        // like with like: the last level at or below 400 against the last level measured past it
        Optional<AppVerdict.Row> below = rows.stream().filter(r -> r.scenario().concurrency() <= DEGRADES_PAST)
                .max(Comparator.comparingInt(r -> r.scenario().concurrency()));
        Optional<AppVerdict.Row> past = rows.stream().filter(r -> r.scenario().concurrency() > DEGRADES_PAST)
                .max(Comparator.comparingInt(r -> r.scenario().concurrency()));
        if (below.isEmpty() || past.isEmpty()) {
            return new Claim("4.2", claim, Claim.Status.NOT_MEASURED,
                    "needs threadpool points at ≤ 400 and > 400 connections; this run has "
                            + rows.stream().map(r -> r.scenario().concurrency()).toList());
        }
        String at = "c=" + below.get().scenario().concurrency();
        String beyond = "c=" + past.get().scenario().concurrency();
        String[] why = new String[1];
        String winner = compare(at, candidate(below.get(), THREADPOOL), beyond, candidate(past.get(), THREADPOOL), why);
        return decided("4.2", claim, at, winner, why[0], String.format(Locale.ROOT,
                "%s: threadpool %s successes/s at %d connections vs %s at %d", j.note(),
                text(entry(below.get(), THREADPOOL).value()), below.get().scenario().concurrency(),
                text(entry(past.get(), THREADPOOL).value()), past.get().scenario().concurrency()));
    }

    static Claim nonblockingImprovesDramatically(AppVerdict portal) {
        String claim = "Non-blocking improves dramatically (portal; taken as ≥ " + DRAMATIC + "× jdbc at the highest load)";
        Judged j = rows(portal);
        Optional<AppVerdict.Row> high = j.rows().stream()
                .filter(r -> entry(r, NONBLOCKING) != null && entry(r, JDBC) != null)
                .max(Comparator.comparingInt(r -> r.scenario().concurrency()));
        if (high.isEmpty()) {
            return new Claim("4.2", claim, Claim.Status.NOT_MEASURED, "no portal point with both jdbc and nonblocking");
        }
        Verdict.Candidate nb = candidate(high.get(), NONBLOCKING);
        Verdict.Candidate jdbc = candidate(high.get(), JDBC);
        String[] why = new String[1];
        String usable = usable(NONBLOCKING, nb, JDBC, jdbc, why);
        Spread ratio = Verdict.ratio(nb, jdbc);
        Claim.Status status = usable == null ? Claim.Status.INCONCLUSIVE
                : ratio.min() >= DRAMATIC ? Claim.Status.REPRODUCED
                : ratio.max() < DRAMATIC ? Claim.Status.NOT_REPRODUCED : Claim.Status.INCONCLUSIVE;
        return new Claim("4.2", claim, status, String.format(Locale.ROOT, "%s, at %d connections nonblocking ÷ jdbc = %s%s",
                j.note(), high.get().scenario().concurrency(), ratioText(ratio), usable == null ? " — " + why[0] : ""));
    }

    /** Non-null when both figures may decide (enough repetitions, no flag), else null with the reason. */
    private static String usable(String a, Verdict.Candidate ca, String b, Verdict.Candidate cb, String[] why) {
        for (Map.Entry<String, Verdict.Candidate> e : Map.of(a, ca, b, cb).entrySet()) {
            if (!e.getValue().flags().isEmpty()) {
                why[0] = e.getKey() + " flagged: " + String.join(", ", e.getValue().flags());
                return null;
            }
            if (e.getValue().value().n() < Verdict.MIN_REPETITIONS) {
                why[0] = "too few repetitions (" + e.getKey() + ": " + e.getValue().value().n() + ")";
                return null;
            }
        }
        return "ok";
    }

    static Claim fairHandOffIsAbysmal(AppVerdict portal) {
        String claim = String.format(Locale.ROOT, "A fair thread-pool hand-off is abysmal (portal; the thesis saw about %.0f req/s)",
                THESIS_FAIR_RPS);
        Judged j = rows(portal);
        Optional<AppVerdict.Row> row = j.rows().stream()
                .filter(r -> entry(r, THREADPOOL_FAIR) != null && entry(r, THREADPOOL) != null)
                .max(Comparator.comparingInt(r -> r.scenario().concurrency()));
        if (row.isEmpty()) {
            return new Claim("4.2", claim, Claim.Status.NOT_MEASURED, "needs a portal threadpool instance with fair "
                    + "hand-off measured beside the unfair one (mode " + THREADPOOL_FAIR + "); the lab's instances run the "
                    + "thesis' unfair hand-off");
        }
        return headToHead(claim, j, row.get(), THREADPOOL, THREADPOOL, THREADPOOL_FAIR);
    }

    static Claim nonblockingScalesBetter(AppVerdict shop) {
        String claim = "Thread-pool scales fairly well, non-blocking scales better with less degradation (shop)";
        Judged j = rows(shop);
        List<AppVerdict.Row> rows = j.rows().stream()
                .filter(r -> entry(r, THREADPOOL) != null && entry(r, NONBLOCKING) != null).toList();
        if (rows.size() < 2) {
            return new Claim("4.3", claim, Claim.Status.NOT_MEASURED,
                    "needs shop points of threadpool and nonblocking at two or more levels");
        }
        AppVerdict.Row high = rows.stream().max(Comparator.comparingInt(r -> r.scenario().concurrency())).orElseThrow();
        double tpPeak = rows.stream().mapToDouble(r -> entry(r, THREADPOOL).value().median()).max().orElseThrow();
        double nbPeak = rows.stream().mapToDouble(r -> entry(r, NONBLOCKING).value().median()).max().orElseThrow();
        Spread tp = entry(high, THREADPOOL).value();
        Spread nb = entry(high, NONBLOCKING).value();
        double tpKeeps = tp.median() / tpPeak;
        double nbKeeps = nb.median() / nbPeak;
        String[] why = new String[1];
        String winner = compare(NONBLOCKING, candidate(high, NONBLOCKING), THREADPOOL, candidate(high, THREADPOOL), why);
        if (winner != null && winner.equals(NONBLOCKING) && nbKeeps < tpKeeps) {
            winner = THREADPOOL; // faster, but it lost more of its peak: not "less degradation"
        }
        return decided("4.3", claim, NONBLOCKING, winner, why[0], String.format(Locale.ROOT,
                "%s, at %d connections nonblocking %s vs threadpool %s successes/s; each keeps %.0f %% vs %.0f %% of its peak",
                j.note(), high.scenario().concurrency(), text(nb), text(tp), nbKeeps * 100, tpKeeps * 100));
    }

    /** The thesis predicted, but never ran, blocking JDBC on the shop's event loop: every other mode should beat it. */
    static Claim jdbcOnTheEventLoopServesLeast(AppVerdict shop) {
        String claim = "JDBC on the Netty event loop serves less than every other mode (shop; predicted in 4.3, never run there)";
        Judged j = rows(shop);
        Optional<AppVerdict.Row> high = j.rows().stream().filter(r -> entry(r, JDBC) != null && r.modes().size() > 1)
                .max(Comparator.comparingInt(r -> r.scenario().concurrency()));
        if (high.isEmpty()) {
            return new Claim("4.3", claim, Claim.Status.NOT_MEASURED, "needs shop points of jdbc and another mode at one level");
        }
        List<String> beats = new ArrayList<>();
        List<String> open = new ArrayList<>();
        List<String> loses = new ArrayList<>();
        for (String mode : high.get().verdict().modes().keySet()) {
            if (mode.equals(JDBC)) {
                continue;
            }
            String[] why = new String[1];
            String winner = compare(mode, candidate(high.get(), mode), JDBC, candidate(high.get(), JDBC), why);
            (winner == null ? open : winner.equals(mode) ? beats : loses).add(mode + " " + text(entry(high.get(), mode).value())
                    + (winner == null ? " (" + why[0] + ")" : ""));
        }
        Claim.Status status = !loses.isEmpty() ? Claim.Status.NOT_REPRODUCED
                : open.isEmpty() ? Claim.Status.REPRODUCED : Claim.Status.INCONCLUSIVE;
        return new Claim("4.3", claim, status, String.format(Locale.ROOT, "%s, at %d connections jdbc %s successes/s; "
                        + "ahead of it: %s; behind it: %s; undecided: %s", j.note(), high.get().scenario().concurrency(),
                text(entry(high.get(), JDBC).value()), list(beats), list(loses), list(open)));
    }

    /**
     * "Non-blocking errors at high load" (the thesis saw PostgreSQL connection resets): per app and
     * mode, the error rate and kinds at the highest level measured; their absence is stated with
     * the level reached. The load tools see pages, not engines: which engine failed is in the kinds
     * only where a status tells it.
     */
    static List<Claim> errorsAtHighLoad(List<AppVerdict> verdicts) {
        List<Claim> out = new ArrayList<>();
        for (AppVerdict v : verdicts) {
            Judged j = rows(v);
            Optional<AppVerdict.Row> high = j.rows().stream().max(Comparator.comparingInt(r -> r.scenario().concurrency()));
            String claim = "Non-blocking access fails requests at high load, the blocking modes do not (" + v.app() + ")";
            if (high.isEmpty()) {
                out.add(new Claim(v.app().equals("portal") ? "4.2" : "4.3", claim, Claim.Status.NOT_MEASURED, "no point"));
                continue;
            }
            List<String> parts = new ArrayList<>();
            boolean nbErrs = false;
            boolean othersErr = false;
            for (AppVerdict.ModeCell cell : high.get().modes()) {
                parts.add(cell.mode() + " " + cell.errors());
                boolean errs = cell.errorRatePct() != null && cell.errorRatePct() > 0;
                if (cell.mode().equals(NONBLOCKING) || cell.mode().equals("reactive")) {
                    nbErrs |= errs;
                } else {
                    othersErr |= errs;
                }
            }
            Claim.Status status = nbErrs && !othersErr ? Claim.Status.REPRODUCED
                    : !nbErrs ? Claim.Status.NOT_REPRODUCED : Claim.Status.INCONCLUSIVE;
            out.add(new Claim(v.app().equals("portal") ? "4.2" : "4.3", claim, status, String.format(Locale.ROOT,
                    "%s, at %d connections (the highest level reached): %s", j.note(), high.get().scenario().concurrency(),
                    String.join("; ", parts))));
        }
        return out;
    }

    private static String list(List<String> l) {
        return l.isEmpty() ? "none" : String.join(", ", l);
    }

    static String ratioText(Spread r) {
        return lab.report.Fmt.ratioRange(r);
    }

    static String text(Spread s) {
        return String.format(Locale.ROOT, "%.0f (%.0f–%.0f)", s.median(), s.min(), s.max());
    }
}
