package lab.microbench.thesis;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import lab.microbench.report.Environment;
import lab.microbench.report.Meta;
import lab.microbench.RunLength;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code microbench thesis --quick|--full [--only table,pipelining,horizontal,vertical] [--page-only] [--out results/micro]}. */
@Command(name = "thesis", mixinStandardHelpOptions = true,
        description = "The thesis micro-benchmarks (chapter 4.1: Table 4.1, Figures 4.1-4.5) on the access API against the local "
                + "MariaDB and PostgreSQL (database bench_thesis), then writes thesis.html and index.html.")
public final class ThesisCommand implements Callable<Integer> {

    @ArgGroup(exclusive = true)
    RunLength length = new RunLength();

    @Option(names = "--only", split = ",", paramLabel = "NAME", description = "table, pipelining, horizontal, vertical (default: all)")
    List<String> only;

    @Option(names = "--page-only", description = "only rebuild thesis.html from the results in --out")
    boolean pageOnly;

    @Option(names = "--out", defaultValue = "results/micro", description = "output directory (default: ${DEFAULT-VALUE})")
    Path out;

    @Override
    public Integer call() throws Exception {
        Files.createDirectories(out);
        if (!pageOnly) {
            ThesisPlan plan = length.full() ? ThesisPlan.full() : ThesisPlan.quick();
            ThesisDb.prepare();
            ThesisRunner runner = new ThesisRunner(plan, out, Environment.current());
            long t0 = System.nanoTime();
            for (ThesisRunner.Experiment e : select(only)) {
                System.out.printf("[thesis] %s (%s) …%n", e.file, plan.name());
                Meta meta = runner.run(e);
                System.out.printf("[thesis] %s done in %.1f s%n", e.file, meta.seconds());
            }
            System.out.printf("[thesis] all in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        }
        System.out.println("[thesis] page: " + ThesisPage.write(out));
        return 0;
    }

    static Set<ThesisRunner.Experiment> select(List<String> names) {
        if (names == null || names.isEmpty()) {
            return EnumSet.allOf(ThesisRunner.Experiment.class);
        }
        Set<ThesisRunner.Experiment> chosen = EnumSet.noneOf(ThesisRunner.Experiment.class);
        for (String n : names) {
            chosen.add(ThesisRunner.Experiment.valueOf(n.trim().toUpperCase(Locale.ROOT)));
        }
        return chosen;
    }
}
