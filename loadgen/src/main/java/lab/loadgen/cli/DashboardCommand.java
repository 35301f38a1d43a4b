package lab.loadgen.cli;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import lab.loadgen.dashboard.DashboardServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The dashboard home on :8080: instances with live health, runs, reports and raw files. */
@Command(name = "dashboard", mixinStandardHelpOptions = true,
        description = "Serve the dashboard: instances with live health, load-test runs and their pages (results/ only).")
public final class DashboardCommand implements Callable<Integer> {

    @Mixin
    TargetOptions targets;

    @Option(names = "--port", defaultValue = "8080", description = "port (default ${DEFAULT-VALUE}; 0 = any free port)")
    int port;

    @Option(names = "--bind", defaultValue = "127.0.0.1", description = "address to listen on (default ${DEFAULT-VALUE}: this machine only)")
    String bind;

    @Mixin
    ResultsOption results;

    @Override
    public Integer call() throws Exception {
        DashboardServer started;
        try {
            started = new DashboardServer(new InetSocketAddress(bind, port), targets.conf(), targets.hosts(), results.resultsDir);
        } catch (java.net.BindException e) {
            throw new IllegalStateException("cannot listen on " + bind + ":" + port + " (" + e.getMessage()
                    + "): is another dashboard already running? Use --port to pick another", e);
        }
        try (DashboardServer server = started.start()) {
            System.out.printf("dashboard on http://localhost:%d/ (results: %s)%n", server.port(), results.resultsDir.toAbsolutePath());
            new CountDownLatch(1).await();
        }
        return 0;
    }
}
