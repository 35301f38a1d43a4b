package lab.report.results;

import java.util.Map;

/**
 * Who else used the CPU during a step (from /proc), each in % of one core: the measured instance,
 * each database server, every other lab instance, and what is left of the machine's busy time
 * after those and the load tool ({@code unaccounted}: other processes). {@code flagged} when the
 * other lab instances plus the unaccounted rest used more than {@link #LIMIT_PCT} of a core: the
 * step did not have the machine to itself.
 */
public record Interference(Double instanceCpuPct, Map<String, Double> databaseCpuPct,
                           Map<String, Double> otherInstancesCpuPct, Double unaccountedCpuPct,
                           Double machineBusyPct, boolean flagged, String detail) {

    public static final double LIMIT_PCT = 10.0;

    /** The repetition with the most interference (flagged first, then the largest other use), or null. */
    public static Interference worst(java.util.List<Interference> reps) {
        return reps.stream().filter(java.util.Objects::nonNull)
                .max(java.util.Comparator.comparing(Interference::flagged).thenComparingDouble(Interference::otherPct))
                .orElse(null);
    }

    /** CPU of the other lab instances plus the unaccounted rest, % of a core. */
    public double otherPct() {
        double others = otherInstancesCpuPct == null ? 0
                : otherInstancesCpuPct.values().stream().mapToDouble(Double::doubleValue).sum();
        return others + (unaccountedCpuPct == null ? 0 : unaccountedCpuPct);
    }
}
