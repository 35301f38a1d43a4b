package lab.loadgen.tool;

import lab.report.results.Point;

import java.util.LinkedHashMap;
import java.util.Map;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * oha's JSON report (oha 1.x {@code --output-format json --stats-success-breakdown}):
 * {@code summary} (total seconds, average seconds), {@code statusCodeDistribution},
 * {@code errorDistribution}, and the percentiles and histogram of successful and of failed answers
 * apart ({@code latencyPercentilesSuccessful}, {@code responseTimeHistogramNotSuccessful}, ...).
 * Goodput counts 2xx answers; the latency figures are those of the successes; the failures' mean
 * goes in a figure of its own. oha prints no mean per outcome, so those means are weighted from its
 * histogram's buckets (the mean of every answer is oha's own).
 */
public final class OhaParser implements OutputParser {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    public Measurement parse(String output) {
        int start = output.indexOf('{');
        if (start < 0) {
            return Measurement.failed("oha printed no JSON: " + firstLine(output));
        }
        JsonNode root;
        try {
            root = JSON.readTree(output.substring(start));
        } catch (JacksonException e) {
            return Measurement.failed("oha's JSON could not be read: " + e.getOriginalMessage());
        }
        JsonNode summary = root.path("summary");
        double total = summary.path("total").asDouble(0);
        long responses = 0;
        long successes = 0;
        Map<String, Long> failures = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : root.path("statusCodeDistribution").properties()) {
            long n = e.getValue().asLong();
            responses += n;
            if (e.getKey().startsWith("2")) {
                successes += n;
            } else {
                failures.merge("status" + e.getKey(), n, Long::sum);
            }
        }
        for (Map.Entry<String, JsonNode> e : root.path("errorDistribution").properties()) {
            failures.merge(e.getKey(), e.getValue().asLong(), Long::sum);
        }
        long failed = failures.values().stream().mapToLong(Long::longValue).sum();
        if (total <= 0) {
            return Measurement.failed("oha reported a total time of 0 s");
        }
        Map<String, String> unmeasured = new LinkedHashMap<>();
        if (responses == 0) {
            unmeasured.put("meanReplyMs", "no response: " + failures);
            return new Measurement(0.0, null, Measurement.Latencies.NONE, 0L, total, failed, Map.copyOf(failures),
                    null, null, unmeasured, "no responses: " + failures, 0L, 0.0, null, null, Point.SUCCESSES);
        }
        boolean breakdown = root.has("latencyPercentilesSuccessful");
        JsonNode p = root.path(breakdown ? "latencyPercentilesSuccessful" : "latencyPercentiles");
        Double successMean = breakdown ? histogramMeanMs(root.path("responseTimeHistogramSuccessful"))
                : seconds(summary.path("average"));
        Double failureMean = breakdown ? histogramMeanMs(root.path("responseTimeHistogramNotSuccessful")) : null;
        if (successes == 0) {
            unmeasured.put("meanReplyMs", "no successful answer");
        }
        if (failureMean == null) {
            unmeasured.put("failureMeanMs", breakdown ? "no failed answer" : "oha ran without --stats-success-breakdown");
        }
        Measurement.Latencies lat = successes == 0 ? Measurement.Latencies.NONE
                : new Measurement.Latencies(ms(p, "p50"), ms(p, "p75"), ms(p, "p90"), ms(p, "p99"), ms(p, "p99.9"),
                        breakdown ? histogramMaxMs(root.path("responseTimeHistogramSuccessful"))
                                : seconds(summary.path("slowest")));
        return new Measurement(successes / total, successes == 0 ? null : successMean, lat, responses, total, failed,
                Map.copyOf(failures), null, null, unmeasured, null, successes, responses / total,
                seconds(summary.path("average")), failureMean,
                breakdown || failed == 0 ? Point.SUCCESSES : Point.ALL_ANSWERS);
    }

    /** The mean of a histogram {"seconds": count, ...}, in ms; null when it counts nothing. */
    static Double histogramMeanMs(JsonNode histogram) {
        double sum = 0;
        long n = 0;
        for (Map.Entry<String, JsonNode> e : histogram.properties()) {
            long count = e.getValue().asLong();
            sum += Double.parseDouble(e.getKey()) * count;
            n += count;
        }
        return n == 0 ? null : sum / n * 1000.0;
    }

    /** The largest bucket of a histogram that counts something (oha's last bucket is its slowest answer), in ms. */
    static Double histogramMaxMs(JsonNode histogram) {
        return histogram.properties().stream().filter(e -> e.getValue().asLong() > 0)
                .mapToDouble(e -> Double.parseDouble(e.getKey()) * 1000.0).boxed().max(Double::compare).orElse(null);
    }

    private static Double ms(JsonNode percentiles, String key) {
        return seconds(percentiles.path(key));
    }

    private static Double seconds(JsonNode n) {
        return n.isNumber() ? n.asDouble() * 1000.0 : null;
    }

    private static String firstLine(String output) {
        return output.lines().filter(l -> !l.isBlank()).findFirst().map(String::strip).orElse("(nothing)");
    }
}
