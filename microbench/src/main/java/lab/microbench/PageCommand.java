package lab.microbench;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import lab.microbench.report.PageWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "page", mixinStandardHelpOptions = true,
        description = "Rebuilds pools-drivers.html and index.html from the result files in the output directory.")
final class PageCommand implements Callable<Integer> {

    @Option(names = "--out", defaultValue = "results/micro", description = "results directory (default: ${DEFAULT-VALUE})")
    Path out;

    @Override
    public Integer call() throws Exception {
        System.out.println("[microbench] page: " + PageWriter.write(out));
        return 0;
    }
}
