package lab.loadgen;

import lab.loadgen.cli.CompareCommand;
import lab.loadgen.cli.DashboardCommand;
import lab.loadgen.cli.FaultsCommand;
import lab.loadgen.cli.ReportCommand;
import lab.loadgen.cli.SweepCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The loadgen CLI: sweep, report, dashboard, and the checks of what they wrote. */
@Command(name = "loadgen", mixinStandardHelpOptions = true, version = "loadgen 1.0",
        description = "Load sweeps over httperf, wrk and wrk2; result pages; the dashboard.",
        subcommands = {SweepCommand.class, lab.loadgen.cli.ProfileCommand.class, FaultsCommand.class, ReportCommand.class, CompareCommand.class, DashboardCommand.class, lab.loadgen.cli.LinkCommand.class, lab.loadgen.cli.SourcesCommand.class, lab.loadgen.cli.VerifyCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line with clear one-line errors for wrong input instead of stack traces. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler((e, line, parsed) -> {
            line.getErr().println("error: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            return 2;
        });
        return cl;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
