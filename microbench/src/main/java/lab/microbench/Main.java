package lab.microbench;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code java -jar microbench.jar run --quick|--full|--smoke [--only ...] [--out results/micro] [--load RUN_DIR]} and {@code page --out ... [--load RUN_DIR]}. */
@Command(name = "microbench", mixinStandardHelpOptions = true,
        description = "Connection-pool and JDBC-driver micro-benchmarks (seeds 000, 002, 003, 004) and the thesis micro-benchmarks (chapter 4.1), and their HTML pages.",
        subcommands = {RunCommand.class, PageCommand.class})
public final class Main {

    public static void main(String[] args) {
        System.exit(new CommandLine(new Main()).setCaseInsensitiveEnumValuesAllowed(true)
                // a wrong argument (unknown experiment, a --load folder without results.json) is a message, not a trace
                .setExecutionExceptionHandler((e, cmd, parsed) -> {
                    if (e instanceof IllegalArgumentException) {
                        cmd.getErr().println("microbench: " + e.getMessage());
                        return 2;
                    }
                    throw e;
                })
                .execute(args));
    }
}
