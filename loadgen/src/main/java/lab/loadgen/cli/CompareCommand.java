package lab.loadgen.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import lab.loadgen.results.RunDirectory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
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
        List<Path> pair = runs == null || runs.isEmpty() ? newestPair()
                : runs.stream().filter(s -> !s.isBlank()).map(id -> RunDirectory.existing(results.resultsDir, id).json()).toList();
        if (pair.size() != 2) {
            throw new IllegalArgumentException("--runs takes two run ids, got " + runs);
        }
        Results a = ResultsJson.read(pair.get(0));
        Results b = ResultsJson.read(pair.get(1));
        RunComparison c = RunComparison.of(a, ResultsJson.mapper().readTree(pair.get(0).toFile()),
                b, ResultsJson.mapper().readTree(pair.get(1).toFile()));
        System.out.printf("comparing %s (%s) with %s (%s)%n", a.run().id(), describe(a), b.run().id(), describe(b));
        c.verdicts().forEach((scenario, both) -> System.out.printf("  %-28s %s%n", scenario, both));
        c.notComparable().forEach(n -> System.out.println("  not compared: " + n));
        c.maps().forEach(m -> System.out.println("  map: " + m));
        if (c.agree()) {
            System.out.println("agree: the same lab (CPU caps, servers, settings, heaps), the same series, points and fields; no scenario with two different clear winners");
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

    /** The newest compose run and the newest native run of its profile, found by their machine facts alone. */
    private List<Path> newestPair() throws IOException {
        List<Path> all = allRuns();
        Path compose = all.stream().filter(f -> machine(f, "compose", null)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no compose run under " + results.resultsDir
                        + ": make up RUNTIME=compose && make loadtest RUNTIME=compose PROFILE=smoke"));
        String profile = ResultsJson.mapper().readTree(compose.toFile()).path("run").path("profile").asString("");
        Path nativeRun = all.stream().filter(f -> machine(f, "native", profile)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no native " + profile + " run under " + results.resultsDir
                        + ": make up RUNTIME=native && make loadtest RUNTIME=native PROFILE=" + profile));
        return List.of(nativeRun, compose);
    }

    /** Whether a results.json ran on this runtime (and profile, unless null); one that cannot be read does not. */
    private static boolean machine(Path json, String runtime, String profile) {
        try {
            JsonNode run = ResultsJson.mapper().readTree(json.toFile()).path("run");
            return run.path("machine").path("runtime").asString("").equals(runtime)
                    && (profile == null || run.path("profile").asString("").equals(profile));
        } catch (JacksonException e) {
            return false;
        }
    }

    /** Every run's results.json, newest first (ids begin with their time). */
    private List<Path> allRuns() throws IOException {
        try (Stream<Path> dirs = Files.list(results.resultsDir)) {
            return dirs.filter(d -> !Files.isSymbolicLink(d)).map(d -> d.resolve(ResultsJson.FILE_NAME)).filter(Files::isRegularFile)
                    .sorted(Comparator.comparing((Path f) -> f.getParent().getFileName().toString()).reversed())
                    .toList();
        }
    }
}
