package lab.microbench.thesis;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.microbench.Plan;
import lab.microbench.jmh.JmhRun;
import lab.microbench.report.Environment;
import lab.microbench.report.Json;
import lab.microbench.report.Meta;

/** Runs the experiments of thesis 4.1 with a {@link ThesisPlan}; writes JMH JSON and one {@link Meta} per experiment. */
public final class ThesisRunner {

    /** The four experiments, with the base name of their files. */
    public enum Experiment {
        TABLE("thesis-table41"), PIPELINING("thesis-pipelining"), HORIZONTAL("thesis-horizontal"), VERTICAL("thesis-vertical");

        public final String file;

        Experiment(String file) {
            this.file = file;
        }
    }

    public static final List<String> PIPELINING_VARIANTS = List.of("jdbc", "nonblocking-unpipelined", "nonblocking-pipelined");

    private final ThesisPlan plan;
    private final Path out;
    private final Environment environment;

    public ThesisRunner(ThesisPlan plan, Path out, Environment environment) {
        this.plan = plan;
        this.out = out;
        this.environment = environment;
    }

    public Meta run(Experiment e) throws java.io.IOException {
        Instant started = Instant.now();
        double loadBefore = Environment.loadAverage();
        long t0 = System.nanoTime();
        Map<String, Object> parameters = new LinkedHashMap<>();
        List<String> files;
        try {
            files = switch (e) {
                case TABLE -> table(parameters);
                case PIPELINING -> pipelining(parameters);
                case HORIZONTAL -> horizontal(parameters);
                case VERTICAL -> vertical(parameters);
            };
        } catch (Exception failure) {
            System.err.println("[thesis] " + e.file + " failed: " + failure);
            parameters.put("failed", String.valueOf(failure));
            files = List.of();
        }
        Meta meta = new Meta(e.file, plan.name(), started.toString(), (System.nanoTime() - t0) / 1e9,
                List.of(loadBefore, Environment.loadAverage()), parameters, environment, files);
        Json.write(out.resolve(Meta.fileName(e.file)), meta);
        return meta;
    }

    private List<String> table(Map<String, Object> parameters) throws Exception {
        List<String> variants = Arrays.stream(Variant.values()).map(v -> v.id).toList();
        parameters.put("jmh", plan.table());
        parameters.put("engines", plan.engines());
        parameters.put("variants", variants);
        parameters.put("requests", 50);
        parameters.put("connections", 1);
        parameters.put("query", ThesisDb.QUERY);
        String file = Experiment.TABLE.file + ".json";
        JmhRun.of(SessionBench.class, plan.table(), out.resolve(file)).threads(1).param("engine", plan.engines())
                .param("variant", variants).param("requests", List.of("50")).param("oneWayMicros", List.of("0")).run();
        return List.of(file);
    }

    private List<String> pipelining(Map<String, Object> parameters) throws Exception {
        Netns.Support support = Netns.probe();
        parameters.put("jmh", plan.jmh());
        parameters.put("jmhOn78msLink", plan.slowLink());
        parameters.put("engines", plan.engines());
        parameters.put("variants", PIPELINING_VARIANTS);
        parameters.put("requests", plan.requests());
        parameters.put("links", plan.links());
        parameters.put("netnsAvailable", support.namespaces());
        parameters.put("netemAvailable", support.netem());
        parameters.put("emulation", support.netem()
                ? "kernel netem is available, but this run still uses the user-space relay (the same emulation on every machine)"
                : "user-space delay relay on loopback; " + support.reason());
        Map<String, Double> measured = new LinkedHashMap<>();
        for (ThesisPlan.Link link : plan.links()) {
            measured.put(link.id(), link.oneWayMicros() == 0 ? null : RelayPing.medianMillis(link.oneWayMicros(), link.oneWayMicros() >= 10_000 ? 10 : 200));
        }
        parameters.put("relayRoundTripMsMeasured", measured);
        List<String> files = new ArrayList<>();
        for (ThesisPlan.Link link : plan.links()) {
            String file = Experiment.PIPELINING.file + "-" + link.id() + ".json";
            Plan.Jmh jmh = link.oneWayMicros() >= 10_000 ? plan.slowLink() : plan.jmh();
            JmhRun.of(SessionBench.class, jmh, out.resolve(file)).threads(1).param("engine", plan.engines())
                    .param("variant", PIPELINING_VARIANTS).param("requests", strings(plan.requests()))
                    .param("oneWayMicros", List.of(String.valueOf(link.oneWayMicros()))).run();
            files.add(file);
        }
        return files;
    }

    private List<String> horizontal(Map<String, Object> parameters) throws Exception {
        parameters.put("jmh", plan.jmh());
        parameters.put("variants", plan.scaleVariants());
        parameters.put("servers", plan.servers());
        parameters.put("connectionsPerServer", 1);
        parameters.put("serverInstances", "throw-away PostgreSQL 15 clusters (initdb into temp dirs, shared_buffers=16MB, fsync=off) on 127.0.0.1:"
                + ThesisPlan.BASE_PORT + "…" + (ThesisPlan.BASE_PORT + max(plan.servers()) - 1) + ", same machine");
        if (!PgCluster.available()) {
            parameters.put("skipped", "PostgreSQL binaries not found under " + PgCluster.BIN);
            return List.of();
        }
        List<PgCluster> clusters = new ArrayList<>();
        try {
            for (int i = 0; i < max(plan.servers()); i++) {
                PgCluster c = PgCluster.start(ThesisPlan.BASE_PORT + i);
                clusters.add(c);
                ThesisDb.createTable(c.url());
            }
            String file = Experiment.HORIZONTAL.file + ".json";
            JmhRun.of(FanOutBench.class, plan.jmh(), out.resolve(file)).threads(1).param("engine", List.of(FanOutBench.THROWAWAY))
                    .param("variant", plan.scaleVariants()).param("servers", strings(plan.servers()))
                    .param("connections", List.of("1")).param("basePort", List.of(String.valueOf(ThesisPlan.BASE_PORT))).run();
            return List.of(file);
        } finally {
            clusters.forEach(PgCluster::close);
        }
    }

    private List<String> vertical(Map<String, Object> parameters) throws Exception {
        parameters.put("jmh", plan.jmh());
        parameters.put("engines", plan.engines());
        parameters.put("variants", plan.scaleVariants());
        parameters.put("connections", plan.connections());
        String file = Experiment.VERTICAL.file + ".json";
        JmhRun.of(FanOutBench.class, plan.jmh(), out.resolve(file)).threads(1).param("engine", plan.engines())
                .param("variant", plan.scaleVariants()).param("servers", List.of("1"))
                .param("connections", strings(plan.connections())).run();
        return List.of(file);
    }

    private static int max(List<Integer> values) {
        return values.stream().mapToInt(Integer::intValue).max().orElse(1);
    }

    private static List<String> strings(List<Integer> values) {
        return values.stream().map(String::valueOf).toList();
    }
}
