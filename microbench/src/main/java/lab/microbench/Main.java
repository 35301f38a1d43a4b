package lab.microbench;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code java -jar microbench.jar run --quick|--full [--only ...] [--out results/micro]} and {@code page --out ...}. */
@Command(name = "microbench", mixinStandardHelpOptions = true,
        description = "Connection-pool and JDBC-driver micro-benchmarks (seeds 000, 002, 003, 004) and their HTML page.",
        subcommands = {RunCommand.class, PageCommand.class, lab.microbench.thesis.ThesisCommand.class})
public final class Main {

    public static void main(String[] args) {
        System.exit(new CommandLine(new Main()).setCaseInsensitiveEnumValuesAllowed(true).execute(args));
    }
}
