package lab.loadgen.tool;

import java.util.LinkedHashMap;
import java.util.Map;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * oha's JSON report (oha 1.x {@code --output-format json}): {@code summary} (total seconds,
 * average seconds), {@code latencyPercentiles} ("p50", "p99.9", ... in seconds),
 * {@code statusCodeDistribution} and {@code errorDistribution}. Requests/sec counts responses of
 * any status (as wrk does); errors are non-2xx responses plus connection errors and timeouts.
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
        long non2xx = 0;
        Map<String, Long> detail = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : root.path("statusCodeDistribution").properties()) {
            long n = e.getValue().asLong();
            responses += n;
            if (!e.getKey().startsWith("2")) {
                non2xx += n;
                detail.merge("status" + e.getKey(), n, Long::sum);
            }
        }
        long failures = 0;
        for (Map.Entry<String, JsonNode> e : root.path("errorDistribution").properties()) {
            failures += e.getValue().asLong();
            detail.merge(e.getKey(), e.getValue().asLong(), Long::sum);
        }
        if (total <= 0) {
            return Measurement.failed("oha reported a total time of 0 s");
        }
        Map<String, String> unmeasured = new LinkedHashMap<>();
        if (responses == 0) {
            unmeasured.put("meanReplyMs", "no response: " + detail);
            return new Measurement(0.0, null, Measurement.Latencies.NONE, 0L, total, failures, Map.copyOf(detail),
                    null, null, unmeasured, "no responses: " + detail);
        }
        JsonNode p = root.path("latencyPercentiles");
        Measurement.Latencies lat = new Measurement.Latencies(ms(p, "p50"), ms(p, "p75"), ms(p, "p90"), ms(p, "p99"),
                ms(p, "p99.9"), seconds(summary.path("slowest")));
        return new Measurement(responses / total, seconds(summary.path("average")), lat, responses, total,
                non2xx + failures, Map.copyOf(detail), null, null, unmeasured, null);
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
