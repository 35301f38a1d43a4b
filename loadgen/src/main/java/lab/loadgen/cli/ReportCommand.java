package lab.loadgen.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import lab.report.load.ReportPage;
import lab.report.results.Results;
import lab.report.results.ResultsJson;
import lab.loadgen.results.RunDirectory;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** make report RUN=&lt;id&gt; | RUNS="&lt;a&gt; &lt;b&gt;": rebuilds a run's page, or overlays runs in one page. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Rebuild results/<id>/index.html from results.json, or overlay runs in results/compare-<a>-<b>/index.html.")
public final class ReportCommand implements Callable<Integer> {

    static final class Which {
        @Option(names = "--run", paramLabel = "ID", required = true, description = "a run id (a folder under the results dir; 'latest' works)")
        String run;

        @Option(names = "--runs", paramLabel = "\"A B\"", required = true, split = "[ ,]+",
                description = "two or more run ids, space- or comma-separated, drawn over each other")
        List<String> runs;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Which which;

    @Mixin
    ResultsOption results;

    @Override
    public Integer call() {
        if (which.run != null) {
            RunDirectory dir = RunDirectory.existing(results.resultsDir, resolve(which.run));
            ReportPage.write(ResultsJson.read(dir.json()), dir.html());
            System.out.println(dir.html());
            return 0;
        }
        List<String> ids = which.runs.stream().filter(s -> !s.isBlank()).map(this::resolve).toList();
        if (ids.size() < 2) {
            throw new IllegalArgumentException("--runs needs at least two run ids, got " + ids);
        }
        List<Results> runs = ids.stream().map(id -> ResultsJson.read(RunDirectory.existing(results.resultsDir, id).json())).toList();
        Path html = results.resultsDir.resolve("compare-" + String.join("-", ids)).resolve("index.html");
        ReportPage.write(runs, html, "../");
        System.out.println(html);
        return 0;
    }

    /** "latest" (a link or a file holding the id) becomes the run id it points at. */
    private String resolve(String id) {
        Path p = results.resultsDir.resolve(id);
        try {
            if (Files.isSymbolicLink(p)) {
                return Files.readSymbolicLink(p).getFileName().toString();
            }
            if (id.equals(RunDirectory.LATEST) && Files.isRegularFile(p)) {
                return Files.readString(p).strip();
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + p + ": " + e.getMessage(), e);
        }
        if (id.contains("/") || id.contains("\\") || id.startsWith(".")) {
            throw new IllegalArgumentException("a run id is a folder name under " + results.resultsDir + ", got '" + id + "'");
        }
        return id;
    }
}
