package lab.microbench.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

/**
 * Runs one JMH benchmark class through JMH's Java API and writes JMH's own JSON result file, each
 * entry with its forks' load averages where the benchmark records them ({@link ForkLoad}).
 */
public final class JmhRun {

    private final ChainedOptionsBuilder options;
    private final Path jsonOut;
    private final List<String> jvmArgs = new ArrayList<>(forkJvmArgs());

    private JmhRun(ChainedOptionsBuilder options, Path jsonOut) {
        this.options = options;
        this.jsonOut = jsonOut;
        systemProperty(ForkLoad.PROPERTY, ForkLoad.logOf(jsonOut).toString());
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
                .resultFormat(ResultFormatType.JSON), jsonOut);
    }

    /** JMH 1.37 still uses sun.misc.Unsafe; JDK 24+ warns about it in every fork unless told it is allowed. */
    private static List<String> forkJvmArgs() {
        return Runtime.version().feature() >= 24 ? List.of("--sun-misc-unsafe-memory-access=allow") : List.of();
    }

    /** A system property every fork starts with (what the parent measured once, for all of them). */
    public JmhRun systemProperty(String name, String value) {
        jvmArgs.add("-D" + name + "=" + value);
        return this;
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
        Path log = ForkLoad.logOf(jsonOut);
        try {
            Files.deleteIfExists(log);
            Collection<RunResult> results = new Runner(options.jvmArgsAppend(jvmArgs.toArray(String[]::new)).build()).run();
            ForkLoad.attach(jsonOut, log);
            return results;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
