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

/**
 * One entry of a JMH JSON result file: method, parameters, threads, run settings and the primary score with its error.
 *
 * @param rawData each fork's measured iterations, as JMH wrote them (empty when the file has none)
 * @param loads   each fork's load average, as the run recorded it ({@link ForkLoads#NONE}: not recorded)
 */
public record JmhScore(String method, Map<String, String> params, int threads, int forks,
                       int warmupIterations, String warmupTime, int iterations, String iterationTime,
                       double score, double error, String unit, String jdk, List<List<Double>> rawData, ForkLoads loads) {

    public JmhScore {
        rawData = rawData == null ? List.of() : rawData.stream().map(List::copyOf).toList();
        loads = loads == null ? ForkLoads.NONE : loads;
    }

    /** A score whose forks' load averages were not recorded. */
    public JmhScore(String method, Map<String, String> params, int threads, int forks, int warmupIterations, String warmupTime,
                    int iterations, String iterationTime, double score, double error, String unit, String jdk, List<List<Double>> rawData) {
        this(method, params, threads, forks, warmupIterations, warmupTime, iterations, iterationTime, score, error, unit, jdk, rawData,
                ForkLoads.NONE);
    }

    /** This score with its forks' load averages. */
    public JmhScore withLoads(ForkLoads forkLoads) {
        return new JmhScore(method, params, threads, forks, warmupIterations, warmupTime, iterations, iterationTime, score, error, unit,
                jdk, rawData, forkLoads);
    }

    /** A score without its iterations: only its 99.9 % error tells its spread. */
    public JmhScore(String method, Map<String, String> params, int threads, int forks, int warmupIterations, String warmupTime,
                    int iterations, String iterationTime, double score, double error, String unit, String jdk) {
        this(method, params, threads, forks, warmupIterations, warmupTime, iterations, iterationTime, score, error, unit, jdk, List.of());
    }

    /** Forks a score needs for its fork means to be its samples (as the load verdict's rounds: three at least). */
    public static final int MIN_FORKS = 3;

    /**
     * Each fork's mean, when there are at least {@link #MIN_FORKS}: the independent samples of the
     * score. A fork's iterations are not independent of each other (one fork's JIT and memory layout
     * hold for all of them: fork means of 11.5 and 19.4 ms in one Table 4.1 score), so they are not
     * counted apart. Empty with fewer forks: then only JMH's own error tells the spread.
     */
    public List<Double> forkMeans() {
        if (rawData.size() < MIN_FORKS) {
            return List.of();
        }
        return rawData.stream().filter(f -> !f.isEmpty())
                .map(f -> f.stream().mapToDouble(Double::doubleValue).average().orElseThrow()).toList();
    }

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
                    n.path("jdkVersion").asString(), rawData(metric.path("rawData")), loads(n)));
        }
        return scores;
    }

    private static List<List<Double>> rawData(JsonNode forks) {
        List<List<Double>> data = new ArrayList<>();
        for (JsonNode fork : forks) {
            List<Double> iterations = new ArrayList<>();
            fork.forEach(v -> iterations.add(v.asDouble()));
            data.add(iterations);
        }
        return data;
    }

    private static ForkLoads loads(JsonNode entry) {
        List<Double> loads = new ArrayList<>();
        entry.path(ForkLoads.FIELD).forEach(v -> loads.add(v.asDouble()));
        return new ForkLoads(loads, entry.path(ForkLoads.CORES_FIELD).asInt());
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
