package lab.microbench;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The experiments of this module, with the base name of their result files under the output directory. */
public enum Experiment {
    THROUGHPUT("pools-throughput"),
    FAIRNESS("pools-fairness"),
    OVERHEAD("pools-overhead"),
    VALIDATION("pools-validation"),
    DRIVERS("drivers");

    public final String file;

    Experiment(String file) {
        this.file = file;
    }

    /** Experiment names or the groups {@code pools} (the four pool experiments) and {@code drivers}; empty = all. */
    public static Set<Experiment> select(List<String> names) {
        if (names == null || names.isEmpty()) {
            return EnumSet.allOf(Experiment.class);
        }
        Set<Experiment> chosen = EnumSet.noneOf(Experiment.class);
        for (String n : names) {
            String name = n.trim().toUpperCase(Locale.ROOT);
            if (name.equals("POOLS")) {
                chosen.addAll(EnumSet.range(THROUGHPUT, VALIDATION));
            } else {
                chosen.add(valueOf(name));
            }
        }
        return chosen;
    }
}
