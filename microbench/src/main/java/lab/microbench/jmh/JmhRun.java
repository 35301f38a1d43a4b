package lab.microbench.jmh;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import lab.microbench.Plan;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/** Runs one JMH benchmark class through JMH's Java API and writes JMH's own JSON result file. */
public final class JmhRun {

    private final ChainedOptionsBuilder options;

    private JmhRun(ChainedOptionsBuilder options) {
        this.options = options;
    }

    public static JmhRun of(Class<?> benchmark, Plan.Jmh plan, Path jsonOut) {
        return new JmhRun(new OptionsBuilder()
                .include("^" + benchmark.getName().replace(".", "\\.") + "\\.")
                .forks(plan.forks())
                .warmupIterations(plan.warmupIterations())
                .warmupTime(TimeValue.milliseconds(plan.warmupMillis()))
                .measurementIterations(plan.iterations())
                .measurementTime(TimeValue.milliseconds(plan.iterationMillis()))
                .timeout(TimeValue.seconds(60))
                .shouldFailOnError(true)
                .result(jsonOut.toString())
                .resultFormat(ResultFormatType.JSON)
                .jvmArgsAppend(forkJvmArgs()));
    }

    /** JMH 1.37 still uses sun.misc.Unsafe; JDK 24+ warns about it in every fork unless told it is allowed. */
    private static String[] forkJvmArgs() {
        return Runtime.version().feature() >= 24 ? new String[] {"--sun-misc-unsafe-memory-access=allow"} : new String[0];
    }

    public JmhRun threads(int threads) {
        options.threads(threads);
        return this;
    }

    public JmhRun param(String name, List<String> values) {
        options.param(name, values.toArray(String[]::new));
        return this;
    }

    public Collection<RunResult> run() throws RunnerException {
        return new Runner(options.build()).run();
    }
}
