package lab.loadgen.sweep;

import java.util.Locale;

/**
 * One point: a tool at one concurrency level against one instance, at the link's round trip
 * {@code rttMs} (null: the link is left as it is).
 */
public record PlannedPoint(Target target, AppPlan plan, int level, String tool, Double rttMs) {

    public PlannedPoint(Target target, AppPlan plan, int level, String tool) {
        this(target, plan, level, tool, null);
    }

    /** A file-name-safe label, e.g. portal-jdbc-c0050-wrk or portal-jdbc-rtt78-c0200-wrk. */
    public String label() {
        String rtt = rttMs == null ? "" : "-rtt" + String.format(Locale.ROOT, "%s", rttMs).replaceAll("\\.0$", "");
        return String.format("%s%s-c%05d-%s", target.instance().name(), rtt, level, tool);
    }

    /** The time this point is expected to take: its warm-up run, then each repetition and the pause after it. */
    public double plannedSec() {
        return plan.pointWarmupSec() + plan.repetitions() * (plan.durationSec() + plan.pauseSec());
    }
}
