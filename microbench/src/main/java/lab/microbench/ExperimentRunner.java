package lab.microbench;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
import lab.microbench.report.Environment;
import lab.microbench.report.Json;
import lab.microbench.report.Meta;

/** Runs one experiment with a plan, writes its results and its {@link Meta} under the output directory. */
final class ExperimentRunner {

    private final Plan plan;
    private final List<PoolKind> pools;
    private final Path out;
    private final Environment environment;
    private final String insertEngine;

    ExperimentRunner(Plan plan, List<PoolKind> pools, Path out, Environment environment, String insertEngine) {
        this.plan = plan;
        this.pools = pools;
        this.out = out;
        this.environment = environment;
        this.insertEngine = insertEngine;
    }

    Meta run(Experiment e) throws Exception {
        Instant started = Instant.now();
        double loadBefore = Environment.loadAverage();
        long t0 = System.nanoTime();
        Map<String, Object> parameters = new LinkedHashMap<>();
        List<String> files = switch (e) {
            case THROUGHPUT -> throughput(parameters);
            case FAIRNESS -> fairness(parameters);
            case OVERHEAD -> overhead(parameters);
            case VALIDATION -> validation(parameters);
            case DRIVERS -> drivers(parameters);
        };
        Meta meta = new Meta(e.file, plan.name(), started.toString(), (System.nanoTime() - t0) / 1e9,
                List.of(loadBefore, Environment.loadAverage()), parameters, environment, files);
        Json.write(out.resolve(Meta.fileName(e.file)), meta);
        return meta;
    }

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
