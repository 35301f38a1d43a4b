package lab.report.results;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.report.Fmt;
import lab.report.Spread;
import tools.jackson.databind.JsonNode;

/** One entry of a JMH JSON result file: method, parameters, threads, run settings and the primary score with its error. */
public record JmhScore(String method, Map<String, String> params, int threads, int forks,
                       int warmupIterations, String warmupTime, int iterations, String iterationTime,
                       double score, double error, String unit, String jdk) {

    public static List<JmhScore> read(Path file) {
        List<JmhScore> scores = new ArrayList<>();
        if (!Files.exists(file)) {
            return scores;
        }
        for (JsonNode n : ResultsJson.mapper().readTree(file.toFile())) {
            Map<String, String> params = new LinkedHashMap<>();
            JsonNode p = n.path("params");
            p.propertyNames().forEach(name -> params.put(name, p.get(name).asString()));
            String benchmark = n.path("benchmark").asString();
            JsonNode metric = n.path("primaryMetric");
            scores.add(new JmhScore(benchmark.substring(benchmark.lastIndexOf('.') + 1), params,
                    n.path("threads").asInt(), n.path("forks").asInt(),
                    n.path("warmupIterations").asInt(), n.path("warmupTime").asString(),
                    n.path("measurementIterations").asInt(), n.path("measurementTime").asString(),
                    metric.path("score").asDouble(), errorOf(metric), metric.path("scoreUnit").asString().replace("us/", "µs/"),
                    n.path("jdkVersion").asString()));
        }
        return scores;
    }

    /** JMH writes "NaN" as the error when there are too few samples. */
    private static double errorOf(JsonNode metric) {
        JsonNode e = metric.path("scoreError");
        return e.isNumber() ? e.asDouble() : Double.NaN;
    }

    /**
     * The largest error (JMH's 99.9 % half-interval) relative to the score that a row may state; above
     * it, or with no error at all, the page marks the figure inconclusive.
     */
    public static final double MAX_RELATIVE_ERROR = 0.2;

    /** The score with its confidence interval, from forks × measured iterations samples. */
    public Spread spread() {
        return Spread.interval(score, error, forks * iterations);
    }

    /** Whether the error is small enough to state the score (see {@link #MAX_RELATIVE_ERROR}). */
    public boolean conclusive() {
        return spread().within(MAX_RELATIVE_ERROR);
    }

    /** "12.3 ± 1.1", or "12.3 ± 9.8 (inconclusive)" when the error is too large to state the figure. */
    public String withError() {
        return Fmt.withError(score, error) + (conclusive() ? "" : " (inconclusive)");
    }

    public String param(String name) {
        return params.getOrDefault(name, "");
    }

    /** The run settings, as shown under each table. */
    public String settings() {
        return "JMH: " + forks + " forks × (" + warmupIterations + " warm-up × " + warmupTime + " + " + iterations
                + " measured × " + iterationTime + "), " + threads + " thread(s), JDK " + jdk
                + "; error = 99.9 % confidence half-interval over all measured iterations";
    }
}
