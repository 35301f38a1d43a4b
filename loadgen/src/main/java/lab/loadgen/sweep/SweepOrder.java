package lab.loadgen.sweep;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * In which order the modes of an app are swept. listed: as selected (instances.conf order by
 * default); reverse; shuffle (seeded, recorded); interleaved: level by level, every mode at a level
 * before the next level, so slow drift of the machine spreads over all modes.
 */
public enum SweepOrder {
    LISTED, REVERSE, SHUFFLE, INTERLEAVED;

    public static SweepOrder parse(String s) {
        try {
            return valueOf(s.strip().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown --order '" + s + "'; one of listed, reverse, shuffle, interleaved");
        }
    }

    /**
     * The points for one app's targets: per target and level, one point per tool in the given order.
     */
    public List<PlannedPoint> plannedPoints(List<Target> targets, AppPlan plan, List<String> tools, long seed) {
        if (!plan.rttsMs().isEmpty()) {
            // the link is one for the whole lab: each RTT once, every mode under it, then the next
            List<PlannedPoint> plannedPoints = new ArrayList<>();
            for (double rtt : plan.rttsMs()) {
                for (PlannedPoint s : pointsAtLink(targets, plan, tools, seed)) {
                    plannedPoints.add(new PlannedPoint(s.target(), s.plan(), s.level(), s.tool(), rtt));
                }
            }
            return plannedPoints;
        }
        return pointsAtLink(targets, plan, tools, seed);
    }

    private List<PlannedPoint> pointsAtLink(List<Target> targets, AppPlan plan, List<String> tools, long seed) {
        List<Target> ordered = new ArrayList<>(targets);
        switch (this) {
            case REVERSE -> Collections.reverse(ordered);
            case SHUFFLE -> Collections.shuffle(ordered, new Random(seed));
            default -> { }
        }
        List<PlannedPoint> plannedPoints = new ArrayList<>();
        if (this == INTERLEAVED) {
            for (int level : plan.levels()) {
                ordered.forEach(t -> tools.stream().filter(tool -> runsAt(plan, tool, level))
                        .forEach(tool -> plannedPoints.add(new PlannedPoint(t, plan, level, tool))));
            }
        } else {
            for (Target t : ordered) {
                plan.levels().forEach(level -> tools.stream().filter(tool -> runsAt(plan, tool, level))
                        .forEach(tool -> plannedPoints.add(new PlannedPoint(t, plan, level, tool))));
            }
        }
        return plannedPoints;
    }

    private static boolean runsAt(AppPlan plan, String tool, int level) {
        return !ToolPlan.isOpenLoop(tool) || plan.openLoopAt(level);
    }
}
