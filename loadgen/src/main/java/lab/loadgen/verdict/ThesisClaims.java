package lab.loadgen.verdict;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import lab.report.Claim;
import lab.report.Spread;
import lab.report.Verdict;

/**
 * The thesis' load-test findings (sections 4.2 and 4.3) checked against one run's numbers, each
 * reproduced, not reproduced or not measured, with the figures it was decided on. A difference
 * counts only when the repetitions' ranges do not overlap.
 */
public final class ThesisClaims {

    /** "Dramatically": at least this many times jdbc's requests/sec, by the low end of the range. */
    static final double DRAMATIC = 1.5;
    /** "~400 connections": levels above this are "past" it. */
    static final int DEGRADES_PAST = 400;

    private ThesisClaims() {
    }

    public static List<Claim> of(List<AppVerdict> verdicts) {
        AppVerdict portal = find(verdicts, "portal");
        AppVerdict shop = find(verdicts, "shop");
        List<Claim> out = new ArrayList<>();
        out.add(threadpoolBeatsJdbcAtLowLoad(portal));
        out.add(threadpoolDegradesPast400(portal));
        out.add(nonblockingImprovesDramatically(portal));
        out.add(nonblockingScalesBetter(shop));
        return out;
    }

    private static AppVerdict find(List<AppVerdict> verdicts, String app) {
        return verdicts.stream().filter(v -> v.app().equals(app)).findFirst().orElse(null);
    }

    /** The rows without a link setting (the thesis' claims are about concurrency on one link). */
    private static List<AppVerdict.Row> concurrencyRows(AppVerdict v) {
        return v == null ? List.of() : v.rows().stream().filter(r -> r.scenario().rttMs() == null).toList();
    }

    private static Spread value(AppVerdict.Row r, String mode) {
        Verdict.Entry e = r.verdict().modes().get(mode);
        return e == null ? null : e.value();
    }

    static Claim threadpoolBeatsJdbcAtLowLoad(AppVerdict portal) {
        String claim = "Thread-pool outperforms JDBC at low load (portal)";
        Optional<AppVerdict.Row> low = concurrencyRows(portal).stream()
                .filter(r -> value(r, "threadpool") != null && value(r, "jdbc") != null)
                .min(Comparator.comparingInt(r -> r.scenario().concurrency()));
        if (low.isEmpty()) {
            return new Claim("4.2", claim, Claim.Status.NOT_MEASURED, "no portal point with both jdbc and threadpool");
        }
        Spread tp = value(low.get(), "threadpool");
        Spread jdbc = value(low.get(), "jdbc");
        boolean yes = tp.min() > jdbc.max();
        return new Claim("4.2", claim, yes ? Claim.Status.REPRODUCED : Claim.Status.NOT_REPRODUCED,
                String.format(Locale.ROOT, "at %d connections: threadpool %s vs jdbc %s req/s%s",
                        low.get().scenario().concurrency(), text(tp), text(jdbc),
                        yes ? "" : tp.overlaps(jdbc) ? " (ranges overlap)" : " (jdbc ahead)"));
    }

    static Claim threadpoolDegradesPast400(AppVerdict portal) {
        String claim = "Thread-pool degrades past ~400 connections (portal)";
        List<AppVerdict.Row> rows = concurrencyRows(portal).stream().filter(r -> value(r, "threadpool") != null).toList();
        Optional<AppVerdict.Row> below = rows.stream().filter(r -> r.scenario().concurrency() <= DEGRADES_PAST)
                .max(Comparator.comparingDouble(r -> value(r, "threadpool").median()));
        Optional<AppVerdict.Row> past = rows.stream().filter(r -> r.scenario().concurrency() > DEGRADES_PAST)
                .max(Comparator.comparingInt(r -> r.scenario().concurrency()));
        if (below.isEmpty() || past.isEmpty()) {
            return new Claim("4.2", claim, Claim.Status.NOT_MEASURED,
                    "needs threadpool points at ≤ 400 and > 400 connections; this run has "
                            + rows.stream().map(r -> r.scenario().concurrency()).toList());
        }
        Spread b = value(below.get(), "threadpool");
        Spread p = value(past.get(), "threadpool");
        boolean yes = p.max() < b.min();
        return new Claim("4.2", claim, yes ? Claim.Status.REPRODUCED : Claim.Status.NOT_REPRODUCED,
                String.format(Locale.ROOT, "threadpool %s req/s at %d connections (its best ≤ 400) vs %s at %d%s",
                        text(b), below.get().scenario().concurrency(), text(p), past.get().scenario().concurrency(),
                        yes ? "" : b.overlaps(p) ? " (ranges overlap)" : " (no drop)"));
    }

    static Claim nonblockingImprovesDramatically(AppVerdict portal) {
        String claim = "Non-blocking improves dramatically (portal; taken as ≥ " + DRAMATIC + "× jdbc at the highest load)";
        Optional<AppVerdict.Row> high = concurrencyRows(portal).stream()
                .filter(r -> value(r, "nonblocking") != null && value(r, "jdbc") != null)
                .max(Comparator.comparingInt(r -> r.scenario().concurrency()));
        if (high.isEmpty()) {
            return new Claim("4.2", claim, Claim.Status.NOT_MEASURED, "no portal point with both jdbc and nonblocking");
        }
        Spread ratio = high.get().verdict().modes().get("nonblocking").ratio();
        boolean yes = ratio != null && ratio.min() >= DRAMATIC;
        return new Claim("4.2", claim, yes ? Claim.Status.REPRODUCED : Claim.Status.NOT_REPRODUCED,
                String.format(Locale.ROOT, "at %d connections nonblocking ÷ jdbc = %s", high.get().scenario().concurrency(),
                        ratio == null ? "—" : String.format(Locale.ROOT, "%.2f× (%.2f–%.2f)", ratio.median(), ratio.min(), ratio.max())));
    }

    static Claim nonblockingScalesBetter(AppVerdict shop) {
        String claim = "Thread-pool scales fairly well, non-blocking scales better with less degradation (shop)";
        List<AppVerdict.Row> rows = concurrencyRows(shop).stream()
                .filter(r -> value(r, "threadpool") != null && value(r, "nonblocking") != null).toList();
        if (rows.size() < 2) {
            return new Claim("4.3", claim, Claim.Status.NOT_MEASURED,
                    "needs shop points of threadpool and nonblocking at two or more levels");
        }
        AppVerdict.Row high = rows.stream().max(Comparator.comparingInt(r -> r.scenario().concurrency())).orElseThrow();
        double tpPeak = rows.stream().mapToDouble(r -> value(r, "threadpool").median()).max().orElseThrow();
        double nbPeak = rows.stream().mapToDouble(r -> value(r, "nonblocking").median()).max().orElseThrow();
        Spread tp = value(high, "threadpool");
        Spread nb = value(high, "nonblocking");
        double tpKeeps = tp.median() / tpPeak;
        double nbKeeps = nb.median() / nbPeak;
        boolean yes = nb.min() > tp.max() && nbKeeps >= tpKeeps;
        return new Claim("4.3", claim, yes ? Claim.Status.REPRODUCED : Claim.Status.NOT_REPRODUCED,
                String.format(Locale.ROOT, "at %d connections nonblocking %s vs threadpool %s req/s; each keeps %.0f %% vs %.0f %% of its peak",
                        high.scenario().concurrency(), text(nb), text(tp), nbKeeps * 100, tpKeeps * 100));
    }

    static String text(Spread s) {
        return String.format(Locale.ROOT, "%.0f (%.0f–%.0f)", s.median(), s.min(), s.max());
    }
}
