package lab.microbench;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import lab.microbench.db.BenchSchema;
import lab.microbench.db.DriverKind;
import lab.microbench.experiment.FairnessExperiment;
import lab.microbench.experiment.HistogramLog;
import lab.microbench.experiment.KillExperiment;
import lab.microbench.experiment.OverheadExperiment;
import lab.microbench.experiment.ValidationExperiment;
import lab.microbench.experiment.ValidationResults;
import lab.microbench.jmh.DriverBench;
import lab.microbench.jmh.JmhRun;
import lab.microbench.jmh.PoolThroughputBench;
import lab.microbench.jmh.Protocol;
import lab.microbench.pool.PoolKind;
import lab.microbench.pages.Environment;
import lab.microbench.pages.Json;
import lab.microbench.pages.Meta;
import lab.microbench.thesis.ThesisDb;
import lab.microbench.thesis.ThesisExperiments;
import lab.microbench.thesis.ThesisPlan;

/**
 * The one runner of this module: runs any {@link Experiment} (pools, drivers, the thesis' chapter
 * 4.1) with its plan, and writes its results and its {@link Meta} under the output directory. An
 * experiment that fails is recorded as failed in its meta (the page says so) and the others run on.
 */
public final class ExperimentRunner {

    private final Plan plan;
    private final ThesisPlan thesisPlan;
    private final List<PoolKind> pools;
    private final Path out;
    private final Environment environment;
    private String insertEngine;

    public ExperimentRunner(Plan plan, ThesisPlan thesisPlan, List<PoolKind> pools, Path out, Environment environment) {
        this.plan = plan;
        this.thesisPlan = thesisPlan;
        this.pools = pools;
        this.out = out;
        this.environment = environment;
    }

    /** Creates the databases the selected experiments use: bench_micro for pools and drivers, bench_thesis for the thesis. */
    public void prepare(Set<Experiment> selected) throws Exception {
        if (selected.stream().anyMatch(e -> !e.thesis())) {
            insertEngine = BenchSchema.prepareMysql();
            BenchSchema.preparePostgres();
        }
        if (selected.stream().anyMatch(Experiment::thesis)) {
            ThesisDb.prepare();
        }
    }

    /** The name of the plan an experiment runs with (quick, full, ...). */
    public String planName(Experiment e) {
        return e.thesis() ? thesisPlan.name() : plan.name();
    }

    public Meta run(Experiment e) throws java.io.IOException {
        Instant started = Instant.now();
        double loadBefore = Environment.loadAverage();
        long t0 = System.nanoTime();
        Map<String, Object> parameters = new LinkedHashMap<>();
        ThesisExperiments thesis = new ThesisExperiments(thesisPlan, out);
        List<String> files;
        try {
            files = switch (e) {
                case THROUGHPUT -> throughput(parameters);
                case FAIRNESS -> fairness(parameters);
                case OVERHEAD -> overhead(parameters);
                case VALIDATION -> validation(parameters);
                case DRIVERS -> drivers(parameters);
                case TABLE -> thesis.table(parameters);
                case PIPELINING -> thesis.pipelining(parameters);
                case HORIZONTAL -> thesis.horizontal(parameters);
                case VERTICAL -> thesis.vertical(parameters);
            };
        } catch (Exception failure) {
            System.err.println("[microbench] " + e.file + " failed: " + failure);
            parameters.put(FAILED, String.valueOf(failure));
            files = List.of();
        }
        Meta meta = new Meta(e.file, planName(e), started.toString(), (System.nanoTime() - t0) / 1e9,
                List.of(loadBefore, Environment.loadAverage()), parameters, environment, files);
        Json.write(out.resolve(Meta.fileName(e.file)), meta);
        return meta;
    }

    /** Meta parameter of an experiment that threw: what it threw. */
    public static final String FAILED = "failed";

    private List<String> throughput(Map<String, Object> parameters) throws Exception {
        List<String> poolNames = pools.stream().map(Enum::name).toList();
        parameters.put("jmh", plan.jmh());
        parameters.put("pools", poolNames);
        parameters.put("runs", plan.throughput());
        parameters.put("connections", plan.throughputConnections());
        List<String> files = new ArrayList<>();
        for (Plan.Throughput run : plan.throughput()) {
            JmhRun.of(PoolThroughputBench.class, plan.jmh(), out.resolve(run.file())).threads(run.threads())
                    .param("pool", poolNames).param("backend", run.backends()).param("validation", run.validations())
                    .param("connections", List.of(String.valueOf(plan.throughputConnections()))).run();
            files.add(run.file());
        }
        return files;
    }

    private List<String> fairness(Map<String, Object> parameters) throws Exception {
        parameters.put("fairness", plan.fairness());
        parameters.put("backend", "MariaDB through mysql-connector-j, no validation");
        FairnessExperiment x = new FairnessExperiment(plan.fairness());
        List<?> results = x.run(FairnessExperiment.variants(pools));
        return write(Experiment.FAIRNESS, results, x.histograms());
    }

    private List<String> overhead(Map<String, Object> parameters) throws Exception {
        parameters.put("overhead", plan.overhead());
        parameters.put("backend", "MariaDB through mysql-connector-j, no validation; InnoDB table item");
        OverheadExperiment x = new OverheadExperiment(plan.overhead());
        List<?> results = x.run(pools);
        return write(Experiment.OVERHEAD, results, x.histograms());
    }

    private List<String> validation(Map<String, Object> parameters) throws Exception {
        parameters.put("loops", plan.validationLoops());
        parameters.put("poolSize", 1);
        parameters.put("costBackend", "MariaDB through mysql-connector-j");
        parameters.put("killBackends", List.of("MariaDB (KILL <id>)", "PostgreSQL (pg_terminate_backend)"));
        ValidationExperiment cost = new ValidationExperiment(plan.validationLoops());
        ValidationResults results = new ValidationResults(cost.run(pools, DriverKind.MYSQL),
                new KillExperiment().run(pools, List.of(DriverKind.MYSQL, DriverKind.POSTGRESQL)));
        return write(Experiment.VALIDATION, results, cost.histograms());
    }

    private List<String> drivers(Map<String, Object> parameters) throws Exception {
        parameters.put("jmh", plan.jmh());
        parameters.put("drivers", plan.drivers());
        parameters.put("threads", 1);
        parameters.put("insertTableEngine", insertEngine);
        parameters.put("protocols", Protocol.describe());
        String file = Experiment.DRIVERS.file + ".json";
        JmhRun.of(DriverBench.class, plan.jmh(), out.resolve(file)).threads(1).param("driver", plan.drivers()).run();
        return List.of(file);
    }

    private List<String> write(Experiment e, Object results, Map<String, org.HdrHistogram.Histogram> histograms) throws Exception {
        String json = e.file + ".json";
        String hlog = e.file + ".hlog";
        Json.write(out.resolve(json), results);
        HistogramLog.write(out.resolve(hlog), histograms);
        return List.of(json, hlog);
    }
}
