package lab.microbench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import lab.microbench.db.BenchSchema;
import lab.microbench.pool.PoolKind;
import lab.microbench.report.Environment;
import lab.microbench.report.Meta;
import lab.microbench.report.PageWriter;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Runs the experiments against the local MariaDB and PostgreSQL (CONTACTS_MYSQL_URL, CONTACTS_PG_URL; "
                + "database bench_micro), then writes the page.")
final class RunCommand implements Callable<Integer> {

    @ArgGroup(exclusive = true)
    RunLength length = new RunLength();

    @Option(names = "--only", split = ",", paramLabel = "NAME",
            description = "experiments: throughput, fairness, overhead, validation, drivers, or the groups pools, drivers (default: all)")
    List<String> only;

    @Option(names = "--pools", split = ",", paramLabel = "POOL", description = "pools to include (default: all): ${COMPLETION-CANDIDATES}")
    List<PoolKind> pools = Arrays.asList(PoolKind.values());

    @Option(names = "--out", defaultValue = "results/micro", description = "output directory (default: ${DEFAULT-VALUE})")
    Path out;

    @Override
    public Integer call() throws Exception {
        Plan plan = length.full() ? Plan.full() : Plan.quick();
        Set<Experiment> selected = Experiment.select(only);
        java.nio.file.Files.createDirectories(out);
        String insertEngine = BenchSchema.prepareMysql();
        BenchSchema.preparePostgres();
        ExperimentRunner runner = new ExperimentRunner(plan, pools, out, Environment.current(), insertEngine);
        long t0 = System.nanoTime();
        for (Experiment e : selected) {
            System.out.printf("[microbench] %s (%s) …%n", e.file, plan.name());
            Meta meta = runner.run(e);
            System.out.printf("[microbench] %s done in %.1f s%n", e.file, meta.seconds());
        }
        Path page = PageWriter.write(out);
        System.out.printf("[microbench] %d experiment(s) in %.1f s; page: %s%n", selected.size(), (System.nanoTime() - t0) / 1e9, page);
        return 0;
    }
}
