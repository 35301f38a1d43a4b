package lab.microbench;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "page", mixinStandardHelpOptions = true,
        description = "Rebuilds pools-drivers.html, thesis.html and index.html from the result files in the output directory.")
final class PageCommand implements Callable<Integer> {

    @Mixin
    Where where = new Where();

    @Override
    public Integer call() throws Exception {
        where.writePages();
        return 0;
    }

    /** Where the pages are written, and the load run the thesis page draws Figures 4.6–4.9 from. */
    static final class Where {

        @Option(names = "--out", defaultValue = "results/micro", description = "results directory (default: ${DEFAULT-VALUE})")
        Path out;

        @Option(names = "--load", paramLabel = "RUN_DIR",
                description = "a load run (folder with results.json, e.g. results/latest) for the thesis page's Figures 4.6-4.9")
        Path load;

        void writePages() throws java.io.IOException {
            for (Path page : PageWriter.write(out, load)) {
                System.out.println("[microbench] page: " + page);
            }
        }
    }
}
