package lab.loadgen.tool;

import java.util.Map;

/**
 * What one load-tool run measured, tool-agnostic. Any figure the tool did not report is null and
 * {@link #unmeasured} says why; {@link #error} is set when the run produced no usable result.
 *
 * <p>Throughput is goodput: {@link #requestsPerSec} counts complete successes only (2xx answers; a
 * portal page with a failed panel is a 502 because the tools send {@code Prefer: handling=strict}).
 * Every answer of any status is in {@link #answersPerSec}, which with {@link #answersMeanMs} gives
 * Little's law for the connections the tool held.
 *
 * @param requestsPerSec goodput: successes per second over the measured window
 * @param meanReplyMs    mean reply time of the successes, or of every answer where the tool cannot
 *                       tell them apart ({@link #latencyOf})
 * @param requests       answers of any status the tool counted
 * @param errors         failed requests: non-2xx answers, socket errors and timeouts
 * @param errorDetail    failures by kind: {@code status502}, {@code status503}, ..., {@code connect},
 *                       {@code read}, {@code timeout}, ...
 * @param successes      2xx answers
 * @param answersPerSec  answers of any status per second
 * @param answersMeanMs  mean reply time of every answer
 * @param failureMeanMs  mean reply time of the failed answers, where the tool separates them
 * @param latencyOf      {@link Point#SUCCESSES} or {@link Point#ALL_ANSWERS}: what the latency figures describe
 * @param inFlightMean   requests in flight on average over the measured window, counted by the tool
 *                       itself (wrk's status script); null where the tool does not count them
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
        String error,
        Long successes,
        Double answersPerSec,
        Double answersMeanMs,
        Double failureMeanMs,
        String latencyOf,
        Double inFlightMean) {

    /** A measurement of a tool that does not count its requests in flight. */
    public Measurement(Double requestsPerSec, Double meanReplyMs, Latencies latencies, Long requests, Double durationSec,
                       Long errors, Map<String, Long> errorDetail, Integer achievedConcurrency, String clientLimit,
                       Map<String, String> unmeasured, String error, Long successes, Double answersPerSec,
                       Double answersMeanMs, Double failureMeanMs, String latencyOf) {
        this(requestsPerSec, meanReplyMs, latencies, requests, durationSec, errors, errorDetail, achievedConcurrency,
                clientLimit, unmeasured, error, successes, answersPerSec, answersMeanMs, failureMeanMs, latencyOf, null);
    }

    /** Percentiles and maximum in milliseconds; null where the tool printed none. */
    public record Latencies(Double p50, Double p75, Double p90, Double p99, Double p999, Double max) {
        public static final Latencies NONE = new Latencies(null, null, null, null, null, null);
    }

    /** A run that produced no statistics at all. */
    public static Measurement failed(String error) {
        return new Measurement(null, null, Latencies.NONE, null, null, null, Map.of(), null, null,
                Map.of("all", error), error, null, null, null, null, null);
    }

    /** Successes per second, or null without a positive window. */
    static Double perSecond(Long count, Double durationSec) {
        return count == null || durationSec == null || durationSec <= 0 ? null : count / durationSec;
    }

    /**
     * Successes per second of the tool's whole run, the time the instance's CPU is measured over:
     * what a success costs. {@link #requestsPerSec} may leave out the start of a run before the
     * first success ({@code WrkOutput}); the CPU spent then went into the successes after it.
     */
    public Double successesPerRunSecond() {
        Double perRun = perSecond(successes, durationSec);
        return perRun != null ? perRun : requestsPerSec;
    }

    /** Failures as a share of everything asked (successes + failures), in percent; null when nothing was counted. */
    public Double errorRatePct() {
        if (successes == null || errors == null || successes + errors == 0) {
            return null;
        }
        return errors * 100.0 / (successes + errors);
    }
}
