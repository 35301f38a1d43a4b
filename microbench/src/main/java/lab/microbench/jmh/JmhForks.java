package lab.microbench.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.microbench.pages.Json;
import lab.report.results.ForkLoads;
import org.openjdk.jmh.util.ListStatistics;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * More forks of the same points joined into a JMH result file: each point's forks (its raw data and
 * load averages) appended, and its score, 99.9 % error, confidence and percentiles taken again over all of its
 * iterations by JMH's own statistics, as if one run had had them all.
 */
public final class JmhForks {

    private static final double ERROR_LEVEL = 0.999;

    private JmhForks() {
    }

    /** Joins the forks of {@code more} into {@code file} (a point {@code file} lacks is appended), then deletes {@code more}. */
    public static void add(Path file, Path more) throws IOException {
        ArrayNode all = (ArrayNode) Json.read(file);
        for (JsonNode extra : Json.read(more)) {
            ObjectNode point = find(all, extra);
            if (point == null) {
                all.add(extra);
                continue;
            }
            ObjectNode metric = (ObjectNode) point.get("primaryMetric");
            ArrayNode raw = (ArrayNode) metric.get("rawData");
            extra.path("primaryMetric").path("rawData").forEach(raw::add);
            point.put("forks", point.path("forks").asInt() + extra.path("forks").asInt());
            // the forks' load averages follow their raw data; a side without them leaves too few, which blocks a verdict
            ArrayNode loads = point.get(ForkLoads.FIELD) instanceof ArrayNode a ? a : point.putArray(ForkLoads.FIELD);
            extra.path(ForkLoads.FIELD).forEach(loads::add);
            ListStatistics stats = new ListStatistics();
            raw.forEach(fork -> fork.forEach(x -> stats.addValue(x.asDouble())));
            double error = stats.getMeanErrorAt(ERROR_LEVEL);
            metric.put("score", stats.getMean());
            metric.put("scoreError", error);
            metric.putArray("scoreConfidence").add(stats.getMean() - error).add(stats.getMean() + error);
            if (metric.get("scorePercentiles") instanceof ObjectNode percentiles) {
                List<String> ranks = new ArrayList<>(percentiles.propertyNames());
                ranks.forEach(rank -> percentiles.put(rank, stats.getPercentile(Double.parseDouble(rank))));
            }
        }
        Json.write(file, all);
        Files.delete(more);
    }

    /** The entry of {@code all} for the same benchmark and parameters as {@code extra}, or null. */
    private static ObjectNode find(ArrayNode all, JsonNode extra) {
        for (JsonNode n : all) {
            if (n.path("benchmark").equals(extra.path("benchmark")) && n.path("params").equals(extra.path("params"))) {
                return (ObjectNode) n;
            }
        }
        return null;
    }
}
