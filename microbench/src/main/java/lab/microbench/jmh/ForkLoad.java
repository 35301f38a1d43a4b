package lab.microbench.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import lab.microbench.pages.Json;
import lab.report.results.ForkLoads;
import org.openjdk.jmh.infra.BenchmarkParams;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Each fork's 1-minute load average, read by the fork at the end of its trial ({@link #record}) into
 * the log its parent named ({@link #PROPERTY}), and joined by the parent into the JMH result file
 * ({@link #attach}: {@link ForkLoads#FIELD} and {@link ForkLoads#CORES_FIELD} of each entry), so that
 * the page can show whether the machine was quiet while each fork ran.
 */
public final class ForkLoad {

    /** The system property naming the log a fork appends its line to. */
    public static final String PROPERTY = "lab.jmh.forkLoads";

    private ForkLoad() {
    }

    /** The log beside {@code json} that its forks write to. */
    static Path logOf(Path json) {
        return json.toAbsolutePath().resolveSibling(json.getFileName() + ".forks");
    }

    /** In a fork, at the end of its trial: its point, the load average and the cores, one line. Nothing when no log was named. */
    public static void record(BenchmarkParams params) {
        String log = System.getProperty(PROPERTY);
        if (log == null) {
            return;
        }
        Map<String, String> point = new TreeMap<>();
        params.getParamsKeys().forEach(k -> point.put(k, params.getParam(k)));
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        String line = key(point) + "\t" + load + "\t" + Runtime.getRuntime().availableProcessors() + "\n";
        try {
            Files.writeString(Path.of(log), line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A point's key: its parameters in name order, "engine=MYSQL&variant=jdbc". */
    static String key(Map<String, String> params) {
        List<String> parts = new ArrayList<>();
        new TreeMap<>(params).forEach((k, v) -> parts.add(k + "=" + v));
        return String.join("&", parts);
    }

    /** In the parent, after a run: each entry of {@code json} gets its forks' load averages from {@code log}, which is deleted. */
    static void attach(Path json, Path log) throws IOException {
        if (!Files.exists(log)) {
            return;
        }
        Map<String, List<Double>> loads = new LinkedHashMap<>();
        int cores = 0;
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            String[] f = line.split("\t");
            if (f.length == 3) {
                loads.computeIfAbsent(f[0], k -> new ArrayList<>()).add(Double.parseDouble(f[1]));
                cores = Integer.parseInt(f[2].trim());
            }
        }
        if (Files.exists(json)) {
            ArrayNode all = (ArrayNode) Json.read(json);
            for (JsonNode n : all) {
                Map<String, String> params = new TreeMap<>();
                n.path("params").propertyNames().forEach(k -> params.put(k, n.path("params").path(k).asString()));
                ArrayNode field = ((ObjectNode) n).putArray(ForkLoads.FIELD);
                loads.getOrDefault(key(params), List.of()).forEach(field::add);
                ((ObjectNode) n).put(ForkLoads.CORES_FIELD, cores);
            }
            Json.write(json, all);
        }
        Files.delete(log);
    }
}
