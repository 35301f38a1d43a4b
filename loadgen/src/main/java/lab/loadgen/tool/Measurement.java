package lab.loadgen.tool;

import java.util.Map;

/**
 * What one load-tool run measured, tool-agnostic. Any figure the tool did not report is null and
 * {@link #unmeasured} says why; {@link #error} is set when the run produced no usable result.
 */
public record Measurement(
        Double requestsPerSec,
        Double meanReplyMs,
        Latencies latencies,
        Long requests,
        Double durationSec,
        Long errors,
        Map<String, Long> errorDetail,
        Integer achievedConcurrency,
        String clientLimit,
        Map<String, String> unmeasured,
        String error) {

    /** Percentiles and maximum in milliseconds; null where the tool printed none. */
    public record Latencies(Double p50, Double p75, Double p90, Double p99, Double p999, Double max) {
        public static final Latencies NONE = new Latencies(null, null, null, null, null, null);
    }

    /** A run that produced no statistics at all. */
    public static Measurement failed(String error) {
        return new Measurement(null, null, Latencies.NONE, null, null, null, Map.of(), null, null,
                Map.of("all", error), error);
    }
}
