package lab.loadgen.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/** A named sweep: per app, an {@link AppPlan}. */
public record Profile(String name, Map<String, AppPlan> apps) {

    public static final List<String> NAMES = List.of("smoke", "quick", "thesis");

    public static Profile named(String name) {
        return switch (name) {
            // two short levels per mode, for CI
            case "smoke" -> new Profile(name, Map.of(
                    "portal", new AppPlan(List.of(1, 10), 5, 2, 5, 2, 0.5, 60),
                    "shop", new AppPlan(List.of(1, 10), 5, 2, 5, 2, 0.5, 60)));
            // a handful of levels; all nine instances in under ten minutes on two cores
            case "quick" -> new Profile(name, Map.of(
                    "portal", new AppPlan(List.of(1, 25, 100, 250), 5, 4, 5, 4, 1, 90),
                    "shop", new AppPlan(List.of(1, 50, 250, 1000), 5, 4, 5, 4, 1, 90)));
            // thesis 4.2 / A.2: portal 1..1,000 in steps of 50, 100 calls per connection; shop up to 10,000
            case "thesis" -> new Profile(name, Map.of(
                    "portal", new AppPlan(steps(1, 50, 1000), 100, 30, 10, 30, 5, 1800),
                    "shop", new AppPlan(shopThesisLevels(), 100, 30, 10, 30, 5, 3600)));
            default -> throw new IllegalArgumentException("unknown profile '" + name + "'; one of " + NAMES);
        };
    }

    /** first, then multiples of step up to last: 1, 50, 100, ... 1000. */
    static List<Integer> steps(int first, int step, int last) {
        List<Integer> l = new ArrayList<>();
        l.add(first);
        IntStream.iterate(step, v -> v <= last, v -> v + step).forEach(l::add);
        return l;
    }

    /** 1, 500, then 1,000 to 10,000 in steps of 1,000. */
    private static List<Integer> shopThesisLevels() {
        List<Integer> l = new ArrayList<>(List.of(1, 500));
        IntStream.rangeClosed(1, 10).forEach(k -> l.add(k * 1000));
        return l;
    }

    public AppPlan plan(String app) {
        AppPlan p = apps.get(app);
        if (p == null) {
            throw new IllegalArgumentException("profile " + name + " has no plan for app '" + app + "'");
        }
        return p;
    }
}
