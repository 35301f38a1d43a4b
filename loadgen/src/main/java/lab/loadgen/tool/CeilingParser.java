package lab.loadgen.tool;

import lab.report.results.Point;

import java.util.LinkedHashMap;
import java.util.Map;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The JSON line {@code lab.loadgen.ceiling.PageLoop} prints last: requests, durationSec, requestsPerSec, meanReplyMs, errors, failedPages. */
public final class CeilingParser implements OutputParser {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    public Measurement parse(String output) {
        String line = output.lines().map(String::strip).filter(l -> l.startsWith("{")).reduce((a, b) -> b).orElse(null);
        if (line == null) {
            String last = output.lines().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("(nothing)");
            return Measurement.failed("the ceiling run printed no result: " + last.strip());
        }
        try {
            JsonNode n = JSON.readTree(line);
            long requests = n.path("requests").asLong();
            long errors = n.path("errors").asLong();
            Map<String, String> unmeasured = new LinkedHashMap<>();
            for (String f : new String[] {"p50Ms", "p90Ms", "p99Ms", "p999Ms"}) {
                unmeasured.put(f, "the ceiling series records throughput and mean time only");
            }
            Double mean = n.path("meanReplyMs").isNumber() ? n.path("meanReplyMs").asDouble() : null;
            double duration = n.path("durationSec").asDouble();
            long failedPages = n.path("failedPages").asLong();
            // a page with a failed panel is not a success here either
            long successes = Math.max(0, requests - failedPages);
            unmeasured.put("failureMeanMs", "the ceiling times every page alike");
            return new Measurement(Measurement.perSecond(successes, duration), mean, Measurement.Latencies.NONE, requests,
                    duration, errors + failedPages, Map.of("failedPages", failedPages, "errors", errors),
                    null, null, unmeasured, requests == 0 ? "no page completed (" + errors + " errors)" : null,
                    successes, n.path("requestsPerSec").asDouble(), mean, null,
                    failedPages + errors > 0 ? Point.ALL_ANSWERS : Point.SUCCESSES);
        } catch (JacksonException e) {
            return Measurement.failed("the ceiling's result could not be read: " + e.getOriginalMessage());
        }
    }
}
