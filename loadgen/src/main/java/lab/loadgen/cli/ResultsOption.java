package lab.loadgen.cli;

import java.nio.file.Path;

import picocli.CommandLine.Option;

/** --results-dir, shared by every subcommand. */
public final class ResultsOption {

    @Option(names = {"--results-dir", "--results"}, defaultValue = "results",
            description = "the results folder (default ${DEFAULT-VALUE})")
    Path resultsDir;
}
