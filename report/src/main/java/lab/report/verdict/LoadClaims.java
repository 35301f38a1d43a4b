package lab.report.verdict;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import lab.access.Mode;
import lab.report.Fmt;
import lab.report.Spread;
import lab.report.results.Point;
import lab.report.results.Run;

/**
 * The thesis' load-test findings (sections 4.2 and 4.3) checked against one run's numbers, each
 * reproduced, not reproduced, inconclusive or not measured, with the figures it was decided on.
 *
 * <p>The thesis measured over 1 GbE (0.19 ms): a claim is judged on the points asked at {@code lan}
 * when the run has them, else on those without an RTT, else on the lowest RTT. Whether that is the
 * thesis' link is decided on the round trip measured beside the points ({@link JudgedLink}); a
 * claim judged off it, or away from the thesis' level, carries that in its status
 * ({@link Claim#offSetting}). Two figures are compared with {@link Verdict}'s rule (enough
 * repetitions, no flag, an effect the bootstrap interval supports); anything less is
 * "inconclusive", never "not reproduced". Like is compared with like: the same level for two
 * modes, the same mode at two named levels.
 */
public final class LoadClaims {

    /** The thesis' 1 GbE round trip, the lab's {@code LINK=lan} (lab.link.Link.LAN; a test in loadgen holds them equal). */
    public static final double THESIS_LAN_RTT_MS = 0.19;

    /**
     * "Dramatically": no figure in the thesis' text (Figure 4.6 is a chart), taken as at least this many
     * times jdbc's and the thread pool's goodput by the whole interval: the pairwise rule's clear effect
     * ({@link Pairwise#CLEAR_EFFECT}); holding only beyond the equivalence margin is "weaker".
     */
    static final Bar DRAMATIC = Bar.atLeast(Pairwise.CLEAR_EFFECT, "the pairwise rule's clear effect");
    /**
     * "Low": at most this many connections. No figure in the thesis: its Figure 4.6 starts at 1 and 50,
     * an eighth of the 400 past which its pool saturates, so no pool is near saturation there.
     */
    static final int LOW_LOAD = 50;
    /** "~400 connections": levels above this are "past" it, and count as high load. */
    static final int DEGRADES_PAST = 400;
    /** "Up to 10,000 connections": the shop's level the thesis judged at. */
    static final int SHOP_TOP = 10_000;
    /**
     * "Less degradation": no figure in the thesis' text (Figure 4.8 is a chart), taken as nonblocking keeping
     * at least 1.1× the share of its peak goodput the thread pool keeps at the top level, by the whole range
     * ({@link Bar}'s direction bound, the pairwise rule's ±10 % margin): shares within it degrade alike.
     */
    static final Bar LESS_DEGRADATION = Bar.atLeast(Pairwise.EQUIVALENCE, "the pairwise rule's margin: shares of the peak "
            + "within 10 % of each other degrade alike");
    /**
     * "Abysmal": the fair hand-off's goodput below this share of the unfair one's, by the whole interval.
     * The thesis gives only the fair pool's 36 req/s; halving goes beyond the pairwise rule's clear
     * effect ({@link Pairwise#CLEAR_EFFECT}), as the word goes beyond "clearly slower".
     */
    static final double ABYSMAL = 0.5;
    /** The thesis' fair thread-pool hand-off served about this many pages/s. */
    static final double THESIS_FAIR_RPS = 36;
    static final String JDBC = Mode.JDBC.id();
    static final String THREADPOOL = Mode.THREADPOOL.id();
    static final String NONBLOCKING = Mode.NONBLOCKING.id();
    /** The series of the portal's thread pool restarted with the fair hand-off. */
    static final String THREADPOOL_FAIR = Mode.THREADPOOL_FAIR;

    private LoadClaims() {
    }

    public static List<Claim> of(List<AppVerdict> verdicts) {
        return of(verdicts, RunLink.NONE);
    }

    /**
     * What a load run measured of its links, for {@link JudgedLink}: the direct query at rest
     * ({@code SELECT 1} straight to a server, ms) and what the lan link adds to a query as the run
     * calibrated it; each null when not measured.
     */
    public record RunLink(Double directAtRestMs, Double lanAddedMs) {

        public static final RunLink NONE = new RunLink(null, null);

        public static RunLink of(Run run) {
            return new RunLink(run.directAtRestMs(), run.addedMsAt(THESIS_LAN_RTT_MS));
        }
    }

    /** @param run what the run measured of its links ({@link RunLink#NONE}: nothing) */
    public static List<Claim> of(List<AppVerdict> verdicts, RunLink run) {
        AppVerdict portal = find(verdicts, "portal");
        AppVerdict shop = find(verdicts, "shop");
        List<Claim> out = new ArrayList<>();
        out.add(onMariaDb(threadpoolBeatsJdbcAtLowLoad(portal, run).quoting(ThesisText.POOL_BEATS_JDBC)));
        out.add(onMariaDb(threadpoolDegradesPast400(portal, run).quoting(ThesisText.POOL_DEGRADES)));
        out.add(onMariaDb(nonblockingImprovesDramatically(portal, run).quoting(ThesisText.DRAMATIC)));
        out.add(onMariaDb(fairHandOffIsAbysmal(portal, run).quoting(ThesisText.ABYSMAL)));
        out.add(onMariaDb(nonblockingScalesBetter(shop, run).quoting(ThesisText.SHOP_SCALES)));
        out.add(onMariaDb(jdbcOnTheEventLoopServesLeast(shop, run).quoting(ThesisText.SHOP_JDBC)));
        out.add(onMariaDb(ReplyClaims.nonblockingRepliesFastest(portal, run).quoting(ThesisText.REPLY_PORTAL)));
        out.add(onMariaDb(ReplyClaims.nonblockingRepliesDegradeLess(shop, run).quoting(ThesisText.SHOP_REPLY)));
        out.add(onMariaDb(ErrorClaims.portalErrorsAtHighLoad(portal, run).quoting(ThesisText.PORTAL_ERRORS)));
        return out;
    }

    /** Both apps read MariaDB where the thesis read MySQL: a claim judged on them says so (not one left unmeasured). */
    private static Claim onMariaDb(Claim c) {
        return c.status() == Claim.Status.NOT_MEASURED ? c : c.offBy(Claim.MARIADB);
    }

    private static AppVerdict find(List<AppVerdict> verdicts, String app) {
        return verdicts.stream().filter(v -> v.app().equals(app)).findFirst().orElse(null);
    }

    static Verdict.Entry entry(AppVerdict.Row r, String mode) {
        return r.verdict().modes().get(mode);
    }

    /** Whether the mode's point here held under {@link Point#NOMINAL_SHARE} of its connections, by both counts. */
    static boolean belowNominal(AppVerdict.Row r, String mode) {
        return entry(r, mode) != null && r.held(mode) == Point.Held.BELOW;
    }

    static Verdict.Candidate candidate(AppVerdict.Row r, String mode) {
        Verdict.Entry e = entry(r, mode);
        return e == null ? null : e.candidate();
    }

    /**
     * The clear winner of {@code a} and {@code b} by goodput, {@link #EQUAL} when the two are equal
     * within {@link Pairwise#EQUIVALENCE} (a claim of a difference then reads "not reproduced"), or
     * null (undecided); {@code why[0]} says why when not a clear winner.
     */
    static String compare(String a, Verdict.Candidate ca, String b, Verdict.Candidate cb, String[] why) {
        return compare(a, ca, b, cb, Verdict.Better.HIGHER, why);
    }

    /** As {@link #compare(String, Verdict.Candidate, String, Verdict.Candidate, String[])}, on a figure where {@code better} wins. */
    static String compare(String a, Verdict.Candidate ca, String b, Verdict.Candidate cb, Verdict.Better better, String[] why) {
        Map<String, Verdict.Candidate> m = new LinkedHashMap<>();
        m.put(a, ca);
        m.put(b, cb);
        Verdict v = Verdict.decide("", m, a, better);
        if (v.clear()) {
            return v.winner();
        }
        Pairwise.Comparison c = Pairwise.compare(a, ca, b, cb, better);
        if (Pairwise.equivalent(c)) {
            why[0] = String.format(Locale.ROOT, "%s ≈ %s within ±%.0f %% (%s ÷ %s = %s)", a, b,
                    (Pairwise.EQUIVALENCE - 1) * 100, a, b, ratioText(c.ratio()));
            return EQUAL;
        }
        why[0] = v.summary() + toDecide(c, ca, cb);
        return null;
    }

    /**
     * What would decide a tie that is no equality ({@link Claim#toDecide}; a pair a flag left undecided: {@link Flags#toDecide}):
     * the interval leaving 1 (a winner) or, its median within ±{@link Pairwise#EQUIVALENCE}, fitting that margin (equal).
     */
    static String toDecide(Pairwise.Comparison c, Verdict.Candidate a, Verdict.Candidate b) {
        if (c.outcome() == Pairwise.Outcome.UNDECIDED) {
            return prefixed(Flags.toDecide(c.why()));
        }
        if (c.outcome() != Pairwise.Outcome.TIE || c.ratio() == null) {
            return "";
        }
        int n = Math.min(a.value().n(), b.value().n());
        double m = c.ratio().median();
        double eq = Pairwise.EQUIVALENCE;
        String s = m >= 1 / eq && m <= eq ? Claim.toDecide(c.ratio(), n, "repetitions", 1 / eq, eq)
                : Claim.toDecide(c.ratio(), n, "repetitions", 1.0);
        return prefixed(s);
    }

    /** {@link #compare}'s answer when neither is ahead: equal within {@link Pairwise#EQUIVALENCE}. */
    static final String EQUAL = "=";

    static Claim.Status status(String expectedWinner, String winner) {
        return winner == null ? Claim.Status.INCONCLUSIVE
                : winner.equals(expectedWinner) ? Claim.Status.REPRODUCED : Claim.Status.NOT_REPRODUCED;
    }

    private static List<Integer> levels(List<AppVerdict.Row> rows) {
        return rows.stream().map(r -> r.scenario().concurrency()).toList();
    }

    /** Judged at every level of at most {@link #LOW_LOAD} connections where both modes were measured. */
    static Claim threadpoolBeatsJdbcAtLowLoad(AppVerdict portal, RunLink run) {
        String claim = "Thread-pool outperforms JDBC at low load (portal; low = ≤ " + LOW_LOAD + " connections: no figure in the "
                + "thesis, taken as its Figure 4.6's first steps, an eighth of the 400 past which its pool saturates; at each, "
                + "threadpool ahead by the pairwise rule)";
        Judged j = Judged.of(portal, run).counted(THREADPOOL, JDBC);
        List<AppVerdict.Row> both = j.rows().stream().filter(r -> entry(r, THREADPOOL) != null && entry(r, JDBC) != null)
                .sorted(Comparator.comparingInt(r -> r.scenario().concurrency())).toList();
        List<AppVerdict.Row> low = both.stream().filter(r -> r.scenario().concurrency() <= LOW_LOAD).toList();
        if (low.isEmpty()) {
            return j.claim("4.2", claim, Claim.Status.NOT_MEASURED, "needs portal points of jdbc and threadpool at ≤ "
                    + LOW_LOAD + " connections; this run has both at " + levels(both) + j.uncounted());
        }
        List<Claim.Status> statuses = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        for (AppVerdict.Row r : low) {
            String[] why = new String[1];
            String winner = compare(THREADPOOL, candidate(r, THREADPOOL), JDBC, candidate(r, JDBC), why);
            statuses.add(status(THREADPOOL, winner));
            parts.add(String.format(Locale.ROOT, "at %d connections: threadpool %s vs jdbc %s successes/s%s",
                    r.scenario().concurrency(), text(entry(r, THREADPOOL).value()), text(entry(r, JDBC).value()),
                    why[0] == null ? "" : " — " + why[0]));
        }
        return j.claim("4.2", claim, Claim.all(statuses), j.note() + ", " + String.join("; ", parts));
    }

    static Claim threadpoolDegradesPast400(AppVerdict portal, RunLink run) {
        String claim = "Thread-pool degrades past ~400 connections (portal; no figure in the thesis: \"degrades\" taken as a "
                + "lower goodput at the highest level past " + DEGRADES_PAST + " than at the last at or below it, by the pairwise rule: "
                + "its interval clear of 1, the median at least " + Math.round((Pairwise.MIN_EFFECT - 1) * 100) + " % lower; within ±"
                + Math.round((Pairwise.EQUIVALENCE - 1) * 100) + " % it holds, not degrades)";
        Judged j = Judged.of(portal, run).counted(THREADPOOL);
        List<AppVerdict.Row> rows = j.rows().stream().filter(r -> entry(r, THREADPOOL) != null).toList();
        // like with like: the last level at or below 400 against the last level measured past it
        Optional<AppVerdict.Row> below = rows.stream().filter(r -> r.scenario().concurrency() <= DEGRADES_PAST)
                .max(Comparator.comparingInt(r -> r.scenario().concurrency()));
        Optional<AppVerdict.Row> past = rows.stream().filter(r -> r.scenario().concurrency() > DEGRADES_PAST)
                .max(Comparator.comparingInt(r -> r.scenario().concurrency()));
        if (below.isEmpty() || past.isEmpty()) {
            return j.claim("4.2", claim, Claim.Status.NOT_MEASURED,
                    "needs threadpool points at ≤ 400 and > 400 connections; this run has " + levels(rows) + j.uncounted());
        }
        String at = "c=" + below.get().scenario().concurrency();
        String beyond = "c=" + past.get().scenario().concurrency();
        String[] why = new String[1];
        // two scenarios, not one: their rounds are not the same rounds, so they are not paired
        String winner = compare(at, candidate(below.get(), THREADPOOL).unpaired(), beyond,
                candidate(past.get(), THREADPOOL).unpaired(), why);
        return j.claim("4.2", claim, status(at, winner), String.format(Locale.ROOT,
                "%s: threadpool %s successes/s at %d connections vs %s at %d%s", j.note(),
                text(entry(below.get(), THREADPOOL).value()), below.get().scenario().concurrency(),
                text(entry(past.get(), THREADPOOL).value()), past.get().scenario().concurrency(),
                why[0] == null ? "" : " — " + why[0]));
    }

    /** Against jdbc and the thread pool, at the highest level where all three were measured. */
    static Claim nonblockingImprovesDramatically(AppVerdict portal, RunLink run) {
        String claim = "Non-blocking improves dramatically (portal; nonblocking ÷ jdbc and ÷ threadpool at the highest load: "
                + DRAMATIC.stated() + ")";
        Judged j = Judged.of(portal, run).counted(NONBLOCKING, JDBC, THREADPOOL);
        List<AppVerdict.Row> all = j.rows().stream()
                .filter(r -> entry(r, NONBLOCKING) != null && entry(r, JDBC) != null && entry(r, THREADPOOL) != null)
                .sorted(Comparator.comparingInt((AppVerdict.Row r) -> r.scenario().concurrency()).reversed()).toList();
        if (all.isEmpty()) {
            return j.claim("4.2", claim, Claim.Status.NOT_MEASURED, "no portal point with jdbc, threadpool and nonblocking at one level" + j.uncounted());
        }
        // the highest level whose three points may decide; a flag at the top does not silence the claim
        AppVerdict.Row high = all.stream().filter(r -> unusableAgainstBoth(r) == null).findFirst().orElse(all.getFirst());
        Verdict.Candidate nb = candidate(high, NONBLOCKING);
        List<Claim.Status> statuses = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        for (String rival : List.of(JDBC, THREADPOOL)) {
            Verdict.Candidate other = candidate(high, rival);
            String why = unusable(NONBLOCKING, nb, rival, other);
            Spread ratio = Verdict.ratio(nb, other);
            Claim.Status check = why != null ? Claim.Status.INCONCLUSIVE : DRAMATIC.judge(ratio);
            statuses.add(check);
            String decide = why != null || check != Claim.Status.INCONCLUSIVE ? ""
                    : Claim.toDecide(ratio, Math.min(nb.value().n(), other.value().n()), "repetitions", DRAMATIC.bounds());
            parts.add("nonblocking ÷ " + rival + " = " + ratioText(ratio) + (why == null ? "" : " (" + why + ")")
                    + (decide.isEmpty() ? "" : " (" + decide + ")"));
        }
        int top = all.getFirst().scenario().concurrency();
        String judgedAt = high == all.getFirst() ? "" : String.format(Locale.ROOT,
                " (judged at %d connections, the highest level whose points may decide; at %d: %s)",
                high.scenario().concurrency(), top, unusableAgainstBoth(all.getFirst()));
        String level = high == all.getFirst() ? "" : String.format(Locale.ROOT, "judged at %d connections, not the highest, %d",
                high.scenario().concurrency(), top);
        return j.claim("4.2", claim, Claim.all(statuses), String.format(Locale.ROOT, "%s, at %d connections %s%s",
                j.note(), high.scenario().concurrency(), String.join(", ", parts), judgedAt), level);
    }

    /** Why nonblocking's point at this level may not decide against jdbc or the thread pool; null when it may against both. */
    private static String unusableAgainstBoth(AppVerdict.Row r) {
        String why = unusable(NONBLOCKING, candidate(r, NONBLOCKING), JDBC, candidate(r, JDBC));
        return why != null ? why : unusable(NONBLOCKING, candidate(r, NONBLOCKING), THREADPOOL, candidate(r, THREADPOOL));
    }

    /**
     * Null when both goodputs may decide (enough repetitions, no flag beyond what {@link Pairwise}
     * lets a side carry: errors lower only its own goodput, at the very level where the thesis
     * expects them; {@code b}, the rival behind, not steady where its trend cannot close the gap),
     * else the reason.
     */
    private static String unusable(String a, Verdict.Candidate ca, String b, Verdict.Candidate cb) {
        for (Map.Entry<String, Verdict.Candidate> e : Map.of(a, ca, b, cb).entrySet()) {
            boolean behind = e.getValue() == cb;
            // the rival behind may be not steady where its trend cannot close the gap (Pairwise.trendCannotClose)
            List<String> blocking = Pairwise.blocking(e.getValue(), behind ? ca : cb, Verdict.Better.HIGHER).stream()
                    .filter(f -> !(behind && f.equals(Point.FLAG_NOT_STEADY) && Pairwise.trendCannotClose(cb, ca, Verdict.Better.HIGHER)))
                    .toList();
            if (!blocking.isEmpty()) {
                String why = e.getKey() + " flagged: " + String.join(", ", blocking);
                return why + prefixed(Flags.toDecide(why));
            }
            if (e.getValue().value().n() < Verdict.MIN_REPETITIONS) {
                return "too few repetitions (" + e.getKey() + ": " + e.getValue().value().n() + ")";
            }
        }
        return null;
    }

    /**
     * "Abysmal": the fair hand-off's goodput below {@link #ABYSMAL} of the unfair one's by the whole
     * interval of the pairwise rule ({@link Pairwise}: enough repetitions, flags, losses); all of it at
     * or above is "not reproduced" (a fair pool at 95 % of the unfair one is slower, not abysmal).
     * The fair pool runs in a pass of its own, the portal restarted with it (loadgen's fair pass), so
     * its repetitions share no rounds with the unfair pool's: the two are compared unpaired.
     */
    static Claim fairHandOffIsAbysmal(AppVerdict portal, RunLink run) {
        String claim = String.format(Locale.ROOT, "A fair thread-pool hand-off is abysmal (portal; the thesis saw about "
                + "%.0f req/s and gives no unfair figure beside it; taken as below %.0f %% of the unfair hand-off's goodput by the "
                + "whole interval: a loss of %s×, beyond the pairwise rule's clear effect of %s×, since \"abysmal\" says more than "
                + "\"clearly slower\")", THESIS_FAIR_RPS, ABYSMAL * 100, Fmt.num(1 / ABYSMAL), Fmt.num(Pairwise.CLEAR_EFFECT));
        Judged j = Judged.of(portal, run).counted(THREADPOOL_FAIR, THREADPOOL);
        Optional<AppVerdict.Row> row = j.rows().stream()
                .filter(r -> entry(r, THREADPOOL_FAIR) != null && entry(r, THREADPOOL) != null)
                .max(Comparator.comparingInt(r -> r.scenario().concurrency()));
        if (row.isEmpty()) {
            return j.claim("4.2", claim, Claim.Status.NOT_MEASURED, "needs the portal's thread pool measured with the fair "
                    + "hand-off beside the unfair one (mode " + THREADPOOL_FAIR + ": make loadtest FAIR_POOL=1, which make "
                    + "thesis sets on a native lab); this run has no " + THREADPOOL_FAIR + " series" + j.uncounted());
        }
        Pairwise.Comparison c = Pairwise.compare(THREADPOOL_FAIR, candidate(row.get(), THREADPOOL_FAIR).unpaired(),
                THREADPOOL, candidate(row.get(), THREADPOOL).unpaired(), Verdict.Better.HIGHER);
        Spread ratio = c.ratio();
        // below the threshold is the claim holding: the mirror of "at least"
        Claim.Status status = c.outcome() == Pairwise.Outcome.UNDECIDED || ratio == null ? Claim.Status.INCONCLUSIVE
                : c.outcome() == Pairwise.Outcome.SECOND && ratio.max() < ABYSMAL ? Claim.Status.REPRODUCED
                : ratio.min() >= ABYSMAL ? Claim.Status.NOT_REPRODUCED : Claim.Status.INCONCLUSIVE;
        Spread fair = entry(row.get(), THREADPOOL_FAIR).value();
        Spread unfair = entry(row.get(), THREADPOOL).value();
        String decide = status != Claim.Status.INCONCLUSIVE || c.outcome() == Pairwise.Outcome.UNDECIDED ? ""
                : prefixed(Claim.toDecide(ratio, Math.min(fair.n(), unfair.n()), "repetitions", ABYSMAL));
        return j.claim("4.2", claim, status, String.format(Locale.ROOT,
                "%s, at %d connections: %s %s vs %s %s successes/s; fair ÷ unfair = %s (unpaired: the fair pool ran in "
                        + "a pass of its own)%s%s", j.note(), row.get().scenario().concurrency(), THREADPOOL_FAIR,
                text(fair), THREADPOOL, text(unfair), ratio == null ? "—" : ratioText(ratio),
                c.why() == null ? "" : " — " + c.why(), decide));
    }

    private static String prefixed(String s) {
        return s.isEmpty() ? "" : "; " + s;
    }

    /** At {@link #SHOP_TOP} connections; a run without that level is judged at its highest, and its status says so. */
    static Claim nonblockingScalesBetter(AppVerdict shop, RunLink run) {
        String claim = "Thread-pool scales fairly well, non-blocking scales better with less degradation (shop; up to 10,000 "
                + "connections; better: ahead by the pairwise rule at the top; less degradation: " + LESS_DEGRADATION.stated()
                + ", of the share of its peak goodput each keeps there)";
        Judged j = Judged.of(shop, run).counted(THREADPOOL, NONBLOCKING);
        List<AppVerdict.Row> rows = j.rows().stream()
                .filter(r -> entry(r, THREADPOOL) != null && entry(r, NONBLOCKING) != null).toList();
        if (rows.size() < 2) {
            return j.claim("4.3", claim, Claim.Status.NOT_MEASURED,
                    "needs shop points of threadpool and nonblocking at two or more levels" + j.uncounted());
        }
        // points compared at a load both held: a point with far fewer requests in flight than its
        // connections was measured at a lower load than its level says (nonblocking held 5,300 of 10,000)
        List<AppVerdict.Row> held = rows.stream().filter(r -> !belowNominal(r, THREADPOOL) && !belowNominal(r, NONBLOCKING)).toList();
        if (held.isEmpty()) {
            return j.claim("4.3", claim, Claim.Status.INCONCLUSIVE, "no level where both threadpool and nonblocking held "
                    + Math.round(Point.NOMINAL_SHARE * 100) + " % of their connections (belowNominalConcurrency); to decide: " + Flags.REMEDIES.get(Point.FLAG_BELOW_NOMINAL));
        }
        AppVerdict.Row high = held.stream().filter(r -> r.scenario().concurrency() == SHOP_TOP).findFirst()
                .orElseGet(() -> held.stream().max(Comparator.comparingInt(r -> r.scenario().concurrency())).orElseThrow());
        int at = high.scenario().concurrency();
        List<String> short_ = rows.stream().filter(r -> r.scenario().concurrency() > at)
                .map(r -> r.scenario().concurrency() + " (" + (belowNominal(r, NONBLOCKING) ? NONBLOCKING : THREADPOOL) + ")").toList();
        String level = at == SHOP_TOP ? "" : String.format(Locale.ROOT, "judged at %d connections, not %,d%s", at, SHOP_TOP,
                short_.isEmpty() ? "" : "; held under " + Math.round(Point.NOMINAL_SHARE * 100) + " % of its connections at "
                        + String.join(", ", short_));
        double tpPeak = rows.stream().mapToDouble(r -> entry(r, THREADPOOL).value().median()).max().orElseThrow();
        double nbPeak = rows.stream().mapToDouble(r -> entry(r, NONBLOCKING).value().median()).max().orElseThrow();
        Spread tp = entry(high, THREADPOOL).value();
        Spread nb = entry(high, NONBLOCKING).value();
        String[] why = new String[1];
        String winner = compare(NONBLOCKING, candidate(high, NONBLOCKING), THREADPOOL, candidate(high, THREADPOOL), why);
        Degradation less = Degradation.of(nb, nbPeak, tp, tpPeak);
        return j.claim("4.3", claim, Claim.all(List.of(status(NONBLOCKING, winner), less.status())), String.format(Locale.ROOT,
                "%s, at %d connections nonblocking %s vs threadpool %s successes/s%s; %s",
                j.note(), at, text(nb), text(tp), why[0] == null ? "" : " — " + why[0], less.text()), level);
    }

    /**
     * "Less degradation" at the top level: the share of its peak (the highest median) nonblocking keeps
     * ÷ the share the pool keeps, its range from the two top points' repetitions, judged by
     * {@link #LESS_DEGRADATION}. Where the pool's whole range keeps its peak within the margin, neither
     * degraded at this load: there is no degradation to have less of, and the part is undecided.
     */
    record Degradation(Claim.Status status, String text) {

        static Degradation of(Spread nb, double nbPeak, Spread tp, double tpPeak) {
            Spread ratio = new Spread((nb.median() / nbPeak) / (tp.median() / tpPeak), (nb.min() / nbPeak) / (tp.max() / tpPeak),
                    (nb.max() / nbPeak) / (tp.min() / tpPeak), Math.min(nb.n(), tp.n()));
            boolean poolHeld = tp.min() / tpPeak >= 1 / Pairwise.EQUIVALENCE;
            Claim.Status status = poolHeld ? Claim.Status.INCONCLUSIVE : LESS_DEGRADATION.judge(ratio);
            String text = String.format(Locale.ROOT, "each keeps %.0f %% vs %.0f %% of its peak; nonblocking's share ÷ the "
                    + "pool's = %s (from the repetitions' range): less degradation when the whole range is at least %s×, alike "
                    + "or more when all of it is below (%s)%s", 100 * nb.median() / nbPeak, 100 * tp.median() / tpPeak,
                    ratioText(ratio), Fmt.num(Pairwise.EQUIVALENCE), status.label(), poolHeld
                            ? "; to decide: a level at which the thread pool degrades (here it keeps its peak within "
                            + Math.round((Pairwise.EQUIVALENCE - 1) * 100) + " %)" : "");
            return new Degradation(status, text);
        }
    }

    /** The thesis predicted, but never ran, blocking JDBC on the shop's event loop: every other mode should beat it. */
    static Claim jdbcOnTheEventLoopServesLeast(AppVerdict shop, RunLink run) {
        String claim = "JDBC on the Netty event loop serves less than every other mode (shop; predicted in 4.3, never run there)";
        Judged j = Judged.of(shop, run).counted();
        Optional<AppVerdict.Row> high = j.rows().stream().filter(r -> entry(r, JDBC) != null && r.modes().size() > 1)
                .max(Comparator.comparingInt(r -> r.scenario().concurrency()));
        if (high.isEmpty()) {
            return j.claim("4.3", claim, Claim.Status.NOT_MEASURED, "needs shop points of jdbc and another mode at one level" + j.uncounted());
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
                    + (why[0] == null ? "" : " (" + why[0] + ")"));
        }
        Claim.Status status = !loses.isEmpty() ? Claim.Status.NOT_REPRODUCED
                : open.isEmpty() ? Claim.Status.REPRODUCED : Claim.Status.INCONCLUSIVE;
        return j.claim("4.3", claim, status, String.format(Locale.ROOT, "%s, at %d connections jdbc %s successes/s; "
                        + "ahead of it: %s; behind it or its equal: %s; undecided: %s", j.note(), high.get().scenario().concurrency(),
                text(entry(high.get(), JDBC).value()), list(beats), list(loses), list(open)));
    }

    static String list(List<String> l) {
        return l.isEmpty() ? "none" : String.join(", ", l);
    }

    public static String ratioText(Spread r) {
        return lab.report.Fmt.ratioRange(r);
    }

    static String text(Spread s) {
        return String.format(Locale.ROOT, "%.0f (%.0f–%.0f)", s.median(), s.min(), s.max());
    }
}
