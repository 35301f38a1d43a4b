package lab.report.results;

import java.util.Map;

/**
 * Who else used the CPU during a step (from /proc), each in % of one core: the measured instance,
 * each database server, every other lab instance, and what is left of the machine's busy time
 * after those and the load tool ({@code unaccounted}: other processes). {@code flagged} when the
 * other lab instances plus the unaccounted rest used more than {@link #LIMIT_PCT} of a core beyond
 * the machine's background ({@code backgroundPct}) and more than the machine left idle
 * ({@link #contended}): they took CPU the step could have used.
 * {@code hostLoopMs}: how fast the machine itself ran meanwhile, the CPU ms loadgen's fixed loop took
 * (the median of its samples; lower is faster; null: not timed). On a shared virtual machine it moves
 * by up to 2× from second to second, and every CPU figure of the step with it.
 * {@code backgroundPct}: the same others measured at rest before the sweep's first point, at most
 * {@link #LIMIT_PCT} (null: not measured, as in runs before it was).
 */
public record Interference(Double instanceCpuPct, Map<String, Double> databaseCpuPct,
                           Map<String, Double> otherInstancesCpuPct, Double unaccountedCpuPct,
                           Double machineBusyPct, boolean flagged, String detail, Double hostLoopMs,
                           Double backgroundPct) {

    public Interference(Double instanceCpuPct, Map<String, Double> databaseCpuPct, Map<String, Double> otherInstancesCpuPct,
                        Double unaccountedCpuPct, Double machineBusyPct, boolean flagged, String detail) {
        this(instanceCpuPct, databaseCpuPct, otherInstancesCpuPct, unaccountedCpuPct, machineBusyPct, flagged, detail, null, null);
    }

    public static final double LIMIT_PCT = 10.0;

    /**
     * The machine's background, others' CPU at rest ({@code atRestPct}, % of a core), as far as it is
     * taken off a step's others before the limit: at most {@link #LIMIT_PCT}, so a step is still
     * flagged when others took twice the limit. On 2 cores the lab's twelve idle instances took 4 % of
     * a core and the machine's own daemons 2–3 %, in every repetition of every mode alike: against the
     * limit alone, 41 of the 96 repetitions of a thesis-quick run were flagged (others 3–17 %, median
     * 10.2 %), left out of their points and measured again, and its load claims read "too few repetitions".
     */
    public static double background(Double atRestPct) {
        return atRestPct == null ? 0 : Math.min(LIMIT_PCT, Math.max(0, atRestPct));
    }

    /**
     * Whether others' CPU ({@code otherPct}, % of a core) cost the step any: more than {@link #LIMIT_PCT}
     * of a core beyond the machine's {@link #background} ({@code atRestPct}; null: none measured), and
     * more than stayed idle on the machine's {@code cores} over the step (busy {@code busyPct}). On a
     * machine with CPU to spare they only used what the step left: nine idle JVMs and Docker's daemons
     * took 24 % of a core in every short compose point, each on a machine far from full, and flagged
     * all 48 of them. Unknown cores or busy time: the limit alone.
     */
    public static boolean contended(double otherPct, Double atRestPct, Double busyPct, Integer cores) {
        double beyond = otherPct - background(atRestPct);
        if (beyond <= LIMIT_PCT) {
            return false;
        }
        return busyPct == null || cores == null || cores * 100.0 - busyPct < beyond;
    }

    /** The repetition with the most interference (flagged first, then the largest other use), or null. */
    public static Interference worst(java.util.List<Interference> reps) {
        return reps.stream().filter(java.util.Objects::nonNull)
                .max(java.util.Comparator.comparing(Interference::flagged).thenComparingDouble(Interference::otherPct))
                .orElse(null);
    }

    /** CPU of the other lab instances plus the unaccounted rest, % of a core. */
    public double otherPct() {
        return otherPct(otherInstancesCpuPct, unaccountedCpuPct);
    }

    /**
     * The other instances' CPU plus the unaccounted rest where it is positive: a negative rest only
     * says the per-process figures overlap the machine's, and must not hide the instances' use (a
     * progress line once read "other processes took -12 % of a core" while they took over 10 %).
     */
    public static double otherPct(Map<String, Double> otherInstancesCpuPct, Double unaccountedCpuPct) {
        double others = otherInstancesCpuPct == null ? 0
                : otherInstancesCpuPct.values().stream().mapToDouble(Double::doubleValue).sum();
        return others + (unaccountedCpuPct == null ? 0 : Math.max(0, unaccountedCpuPct));
    }
}
