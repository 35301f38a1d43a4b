package lab.loadgen.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How repetitions are interleaved: the plan's steps grouped into scenarios (app, link RTT, level,
 * tool, in the order first met), the modes of one scenario taking turns round by round, their
 * order rotated by one each round.
 */
final class Rounds {

    private Rounds() {
    }

    /**
     * The steps grouped by scenario, in plan order; {@code oneByOne} (ISOLATE: one instance runs at a
     * time) keeps every step a scenario of its own.
     */
    static List<List<Step>> scenarios(List<Step> steps, boolean oneByOne) {
        if (oneByOne) {
            return steps.stream().map(List::of).toList();
        }
        Map<List<Object>, List<Step>> groups = new LinkedHashMap<>();
        for (Step s : steps) {
            List<Object> key = new ArrayList<>();
            key.add(s.target().instance().app());
            key.add(Objects.requireNonNullElse(s.rttMs(), -1.0));
            key.add(s.level());
            key.add(s.tool());
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(s);
        }
        return List.copyOf(groups.values());
    }

    /** The steps starting at {@code by} (mod their count): round 1 as given, round 2 from the second, ... */
    static <T> List<T> rotate(List<T> steps, int by) {
        if (steps.isEmpty()) {
            return steps;
        }
        int k = Math.floorMod(by, steps.size());
        List<T> out = new ArrayList<>(steps.subList(k, steps.size()));
        out.addAll(steps.subList(0, k));
        return out;
    }
}
