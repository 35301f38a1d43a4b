package lab.loadgen.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import lab.loadgen.results.RunDirectory;
import lab.report.load.RunComparison;
import lab.report.results.Results;
import lab.report.results.ResultsJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code make compare-runtimes}: the same sweep natively and in containers (or any two runs)
 * agree: same series, same results.json shape, no scenario with two different clear winners.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compares two runs (by default the newest compose run and the newest native run of the same profile): "
                + "the same series and points, the same results.json fields, and each verdict the same or "
                + "'no clear winner' on one side. Exit 1 when they disagree.")
public final class CompareCommand implements Callable<Integer> {

    @Option(names = "--runs", paramLabel = "\"A B\"", split = "[ ,]+",
            description = "two run ids under the results dir (default: the newest compose run and the newest native run of its profile)")
    List<String> runs;

    @Mixin
    ResultsOption results;

    @Override
    public Integer call() throws IOException {
        List<RunDirectory> pair = runs == null || runs.isEmpty() ? newestPair()
                : runs.stream().filter(s -> !s.isBlank()).map(id -> RunDirectory.existing(results.resultsDir, id)).toList();
        if (pair.size() != 2) {
            throw new IllegalArgumentException("--runs takes two run ids, got " + runs);
        }
        Results a = ResultsJson.read(pair.get(0).json());
        Results b = ResultsJson.read(pair.get(1).json());
        RunComparison c = RunComparison.of(a, ResultsJson.mapper().readTree(pair.get(0).json().toFile()),
                b, ResultsJson.mapper().readTree(pair.get(1).json().toFile()));
        System.out.printf("comparing %s (%s) with %s (%s)%n", a.run().id(), describe(a), b.run().id(), describe(b));
        c.verdicts().forEach((scenario, both) -> System.out.printf("  %-28s %s%n", scenario, both));
        c.notComparable().forEach(n -> System.out.println("  not compared: " + n));
        if (c.agree()) {
            System.out.println("agree: the same series, points and fields; no scenario with two different clear winners");
            return 0;
        }
        c.problems().forEach(p -> System.out.println("  DIFFERS: " + p));
        return 1;
    }

    private static String describe(Results r) {
        var m = r.run().machine();
        return r.run().profile() + ", " + (m == null || m.runtime() == null ? "runtime not recorded" : m.runtime())
                + (m == null || m.cpuCaps() == null ? "" : ", CPU caps " + m.cpuCaps());
    }

    private List<RunDirectory> newestPair() throws IOException {
        List<Results> all = allRuns();
        Results compose = all.stream().filter(r -> runtime(r).equals("compose")).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no compose run under " + results.resultsDir
                        + ": make up RUNTIME=compose && make loadtest RUNTIME=compose PROFILE=smoke"));
        Results nativeRun = all.stream().filter(r -> runtime(r).equals("native") && r.run().profile().equals(compose.run().profile()))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("no native " + compose.run().profile() + " run under "
                        + results.resultsDir + ": make up RUNTIME=native && make loadtest RUNTIME=native PROFILE=" + compose.run().profile()));
        return List.of(RunDirectory.existing(results.resultsDir, nativeRun.run().id()),
                RunDirectory.existing(results.resultsDir, compose.run().id()));
    }

    private static String runtime(Results r) {
        return r.run().machine() == null || r.run().machine().runtime() == null ? "" : r.run().machine().runtime();
    }

    /** Every run with a readable results.json, newest first (ids begin with their time). */
    private List<Results> allRuns() throws IOException {
        try (Stream<Path> dirs = Files.list(results.resultsDir)) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve(ResultsJson.FILE_NAME)) && !Files.isSymbolicLink(d))
                    .sorted(Comparator.comparing((Path d) -> d.getFileName().toString()).reversed())
                    .map(d -> read(d.resolve(ResultsJson.FILE_NAME)))
                    .flatMap(Optional::stream)
                    .toList();
        }
    }

    private static Optional<Results> read(Path json) {
        try {
            return Optional.of(ResultsJson.read(json));
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // not a run of this version: skipped
        }
    }
}
