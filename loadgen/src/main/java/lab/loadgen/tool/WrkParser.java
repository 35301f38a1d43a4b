package lab.loadgen.tool;

import java.util.Map;

/** wrk 4.x (closed loop): percentiles 50/75/90/99 with --latency; no 99.9th. */
public final class WrkParser implements OutputParser {

    private static final Map<String, String> NOT_PRINTED = Map.of(
            "p999Ms", "wrk prints no 99.9th percentile (50/75/90/99 only)");

    @Override
    public Measurement parse(String output) {
        return WrkOutput.read(output).toMeasurement("wrk", NOT_PRINTED);
    }
}
