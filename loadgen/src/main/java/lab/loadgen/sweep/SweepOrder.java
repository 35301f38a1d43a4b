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
     * The steps for one app's targets: per target and level, one step per tool in the given order.
     */
    public List<Step> steps(List<Target> targets, AppPlan plan, List<String> tools, long seed) {
        List<Target> ordered = new ArrayList<>(targets);
        switch (this) {
            case REVERSE -> Collections.reverse(ordered);
            case SHUFFLE -> Collections.shuffle(ordered, new Random(seed));
            default -> { }
        }
        List<Step> steps = new ArrayList<>();
        if (this == INTERLEAVED) {
            for (int level : plan.levels()) {
                ordered.forEach(t -> tools.forEach(tool -> steps.add(new Step(t, plan, level, tool))));
            }
        } else {
            for (Target t : ordered) {
                plan.levels().forEach(level -> tools.forEach(tool -> steps.add(new Step(t, plan, level, tool))));
            }
        }
        return steps;
    }
}
