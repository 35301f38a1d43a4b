package lab.microbench;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Every experiment of this module, with the base name of its result files under the output
 * directory and the page that shows it: the connection-pool and JDBC-driver studies
 * ({@code pools-drivers.html}) and the thesis' chapter 4.1 ({@code thesis.html}).
 */
public enum Experiment {
    THROUGHPUT("pools-throughput"),
    FAIRNESS("pools-fairness"),
    OVERHEAD("pools-overhead"),
    VALIDATION("pools-validation"),
    DRIVERS("drivers"),
    /** Table 4.1. */
    TABLE("thesis-table41"),
    /** Figures 4.1–4.3. */
    PIPELINING("thesis-pipelining"),
    /** Figure 4.4. */
    HORIZONTAL("thesis-horizontal"),
    /** Figure 4.5. */
    VERTICAL("thesis-vertical");

    public final String file;

    Experiment(String file) {
        this.file = file;
    }

    /** The four pool experiments (seeds 000, 003, 004). */
    public static final Set<Experiment> POOLS = EnumSet.range(THROUGHPUT, VALIDATION);
    /** Table 4.1 and Figures 4.1–4.5 (thesis 4.1). */
    public static final Set<Experiment> THESIS = EnumSet.range(TABLE, VERTICAL);

    public boolean thesis() {
        return THESIS.contains(this);
    }

    /**
     * Experiment names or the groups {@code pools} (the four pool experiments), {@code drivers} and
     * {@code thesis} (table, pipelining, horizontal, vertical); empty = all.
     */
    public static Set<Experiment> select(List<String> names) {
        if (names == null || names.isEmpty()) {
            return EnumSet.allOf(Experiment.class);
        }
        Set<Experiment> chosen = EnumSet.noneOf(Experiment.class);
        for (String n : names) {
            String name = n.trim().toUpperCase(Locale.ROOT);
            switch (name) {
                case "POOLS" -> chosen.addAll(POOLS);
                case "THESIS" -> chosen.addAll(THESIS);
                default -> {
                    try {
                        chosen.add(valueOf(name));
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException("unknown experiment '" + n + "'; one of "
                                + EnumSet.allOf(Experiment.class).stream().map(x -> x.name().toLowerCase(Locale.ROOT)).toList()
                                + " or the groups pools, drivers, thesis");
                    }
                }
            }
        }
        return chosen;
    }
}
