package lab.loadgen.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import lab.loadgen.faults.Fault;
import lab.loadgen.faults.FaultsReport;
import lab.loadgen.verify.FaultsCheck;
import lab.loadgen.verify.LinkCheck;
import lab.loadgen.verify.PortScan;
import lab.loadgen.verify.RunCheck;
import lab.report.results.Results;
import lab.report.results.ResultsJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The end-to-end scripts' checks of what a run wrote, on the same schema classes that wrote it (no
 * second reader of results.json or faults.json). Exit 0 when it holds, 1 with a line per problem.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Checks a run's files as the end-to-end tests do; exit 1 with a line per problem.",
        subcommands = {VerifyCommand.Run.class, VerifyCommand.Link.class, VerifyCommand.Faults.class, VerifyCommand.Ports.class})
public final class VerifyCommand implements Runnable {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** What every check prints through: its lines and problems, each prefixed with the caller's tag. */
    static final class Printed {
        @Spec(Spec.Target.MIXEE)
        picocli.CommandLine.Model.CommandSpec spec;

        @Option(names = "--tag", defaultValue = "e2e", description = "prefix of the lines printed (default ${DEFAULT-VALUE})")
        String tag;

        int report(RunCheck.Outcome o) {
            PrintWriter out = spec.commandLine().getOut();
            o.lines().forEach(l -> out.println("[" + tag + "] " + l));
            o.problems().forEach(p -> out.println("[" + tag + "] FAIL " + p));
            out.flush();
            return o.ok() ? 0 : 1;
        }
    }

    @Command(name = "run", mixinStandardHelpOptions = true,
            description = "A smoke run's results.json: every mode asked has points with a positive rate, no errors and no failed panels.")
    static final class Run implements Callable<Integer> {
        @Mixin
        Printed printed;

        @Parameters(index = "0", paramLabel = "RUN_DIR", description = "results/<run-id> (or its results.json)")
        Path run;

        @Option(names = "--portal", paramLabel = "\"MODES\"", description = "the portal's modes that must be in the run, space- or comma-separated")
        String portal = "";

        @Option(names = "--shop", paramLabel = "\"MODES\"", description = "the shop's modes that must be in the run")
        String shop = "";

        @Option(names = "--open-loop", paramLabel = "TOOL", description = "this tool must have run and given points (oha, wrk2)")
        String openLoop;

        @Option(names = "--cpu-told-apart", description = "every point's CPU accounting told the instance apart from the rest")
        boolean cpuToldApart;

        @Override
        public Integer call() {
            Map<String, Set<String>> modes = new LinkedHashMap<>();
            modes.put("portal", words(portal));
            modes.put("shop", words(shop));
            return printed.report(new RunCheck(modes, openLoop, cpuToldApart).check(results(run)));
        }
    }

    @Command(name = "link", mixinStandardHelpOptions = true,
            description = "A run that switched the link between 0 and MS ms: each series' page is slower there by a round trip, "
                    + "and the instance's gauge and loadgen's probe read it.")
    static final class Link implements Callable<Integer> {
        @Mixin
        Printed printed;

        @Parameters(index = "0", paramLabel = "RUN_DIR", description = "results/<run-id> (or its results.json)")
        Path run;

        @Option(names = "--ms", required = true, description = "the round trip the run switched to besides 0 ms")
        double linkMs;

        @Override
        public Integer call() {
            return printed.report(new LinkCheck(linkMs).check(results(run)));
        }
    }

    @Command(name = "faults", mixinStandardHelpOptions = true,
            description = "A make faults run's faults.json: complete, the faults asked, the servers' sessions counted, each fault's evidence.")
    static final class Faults implements Callable<Integer> {
        @Mixin
        Printed printed;

        @Parameters(index = "0", paramLabel = "FAULTS_DIR", description = "results/faults-<id>")
        Path dir;

        @Option(names = "--faults", required = true, paramLabel = "a,f", description = "the faults that must have run, one cell each")
        String faults;

        @Override
        public Integer call() {
            if (!Files.isRegularFile(dir.resolve(FaultsReport.JSON))) {
                throw new IllegalArgumentException("no " + dir.resolve(FaultsReport.JSON));
            }
            return printed.report(new FaultsCheck(Fault.parse(faults)).check(FaultsReport.read(dir)));
        }
    }

    @Command(name = "ports", mixinStandardHelpOptions = true,
            description = "Prints, one a line, the TCP ports of HOST that accept a connection from here.")
    static final class Ports implements Callable<Integer> {
        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Parameters(index = "0", paramLabel = "HOST")
        String host;

        @Option(names = "--range", defaultValue = "1-65535", description = "first-last (default ${DEFAULT-VALUE})")
        String range;

        @Option(names = "--timeout-ms", defaultValue = "300", description = "a silent port's wait (default ${DEFAULT-VALUE})")
        int timeoutMs;

        @Override
        public Integer call() throws InterruptedException {
            String[] ends = range.split("-", 2);
            int first = Integer.parseInt(ends[0].strip());
            int last = ends.length < 2 ? first : Integer.parseInt(ends[1].strip());
            if (first < 1 || last > 65535 || first > last) {
                throw new IllegalArgumentException("--range takes first-last within 1-65535, got " + range);
            }
            PrintWriter out = spec.commandLine().getOut();
            new PortScan(host, timeoutMs).open(first, last).forEach(out::println);
            out.flush();
            return 0;
        }
    }

    private static Results results(Path run) {
        return ResultsJson.read(Files.isDirectory(run) ? run.resolve(ResultsJson.FILE_NAME) : run);
    }

    private static Set<String> words(String list) {
        Set<String> s = new LinkedHashSet<>(Arrays.asList(list.strip().split("[\\s,]+")));
        s.remove("");
        return s;
    }
}
