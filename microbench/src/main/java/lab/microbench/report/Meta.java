package lab.microbench.report;

import java.util.List;
import java.util.Map;

/**
 * What the page needs to know about one experiment's run, written beside its results as
 * {@code <name>.meta.json}: mode, parameters, wall time, machine, the files it wrote.
 */
public record Meta(String experiment, String mode, String started, double seconds, Map<String, Object> parameters,
                   Environment environment, List<String> files) {

    public static String fileName(String experiment) {
        return experiment + ".meta.json";
    }
}
