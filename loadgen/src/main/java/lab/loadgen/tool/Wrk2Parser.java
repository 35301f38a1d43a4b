package lab.loadgen.tool;

import java.util.Map;

/**
 * wrk2 (open loop, -R): the corrected HdrHistogram distribution ("Recorded Latency", printed
 * first); the uncorrected one that -U adds is ignored.
 */
public final class Wrk2Parser implements OutputParser {

    @Override
    public Measurement parse(String output) {
        return WrkOutput.read(output).toMeasurement("wrk2", Map.of());
    }
}
