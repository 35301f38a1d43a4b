package lab.loadgen.sweep;

/** One measurement: a tool at one concurrency level against one instance. */
public record Step(Target target, AppPlan plan, int level, String tool) {

    /** A file-name-safe label, e.g. portal-jdbc-c0050-wrk. */
    public String label() {
        return String.format("%s-c%05d-%s", target.instance().name(), level, tool);
    }

    /** The time this step is expected to take, for the ETA: the tool's run plus the pause after it. */
    public double plannedSec() {
        return plan.durationSec() + plan.pauseSec();
    }
}
