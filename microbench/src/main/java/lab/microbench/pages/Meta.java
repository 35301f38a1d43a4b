package lab.microbench.pages;

import java.util.List;
import java.util.Map;

/**
 * What the page needs to know about one experiment's run, written beside its results as
 * {@code <name>.meta.json}: mode, parameters, wall time, the 1-minute load average before and after
 * (other work on the machine shows there), machine, the files it wrote.
 */
public record Meta(String experiment, String mode, String started, double seconds, List<Double> loadAverage,
                   Map<String, Object> parameters,
                   Environment environment, List<String> files) {

    public static String fileName(String experiment) {
        return experiment + ".meta.json";
    }
}
