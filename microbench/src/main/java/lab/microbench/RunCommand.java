package lab.microbench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import lab.link.IdleCores;
import lab.microbench.pool.PoolKind;
import lab.microbench.pages.Environment;
import lab.microbench.pages.Meta;
import lab.microbench.thesis.ThesisPlan;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Runs the experiments against the local MariaDB and PostgreSQL (CONTACTS_MYSQL_URL, CONTACTS_PG_URL; "
                + "databases bench_micro and bench_thesis), then writes the pages (pools-drivers.html, thesis.html, index.html).")
final class RunCommand implements Callable<Integer> {

    @ArgGroup(exclusive = true)
    RunLength length = new RunLength();

    @Option(names = "--only", split = ",", paramLabel = "NAME",
            description = "experiments: throughput, fairness, overhead, validation, drivers, table, pipelining, horizontal, "
                    + "vertical, or the groups pools, drivers, thesis (default: all)")
    List<String> only;

    @Option(names = "--pools", split = ",", paramLabel = "POOL", description = "pools to include (default: all): ${COMPLETION-CANDIDATES}")
    List<PoolKind> pools = Arrays.asList(PoolKind.values());

    @Mixin
    PageCommand.Where where = new PageCommand.Where();

    @Override
    public Integer call() throws Exception {
        Plan plan = length.full() ? Plan.full() : Plan.quick();
        ThesisPlan thesisPlan = length.thesisPlan();
        Set<Experiment> selected = Experiment.select(only);
        Files.createDirectories(where.out);
        int failed = 0;
        try (IdleCores idle = IdleCores.poll()) {
            System.out.println("[microbench] idle cores: " + idle.state());
            ExperimentRunner runner = new ExperimentRunner(plan, thesisPlan, pools, where.out, Environment.current(idle.state()));
            runner.prepare(selected);
            long t0 = System.nanoTime();
            for (Experiment e : selected) {
                System.out.printf("[microbench] %s (%s) …%n", e.file, runner.planName(e));
                Meta meta = runner.run(e);
                failed += meta.parameters().containsKey(ExperimentRunner.FAILED) ? 1 : 0;
                System.out.printf("[microbench] %s done in %.1f s%n", e.file, meta.seconds());
            }
            System.out.printf("[microbench] %d experiment(s) in %.1f s%n", selected.size(), (System.nanoTime() - t0) / 1e9);
        }
        where.writePages();
        return failed == 0 ? 0 : 1;
    }
}
