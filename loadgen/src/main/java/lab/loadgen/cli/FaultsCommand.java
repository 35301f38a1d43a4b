package lab.loadgen.cli;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import lab.link.Toxiproxy;
import lab.loadgen.config.Instance;
import lab.loadgen.config.InstancesConf;
import lab.loadgen.faults.Fault;
import lab.loadgen.faults.FaultMatrix;
import lab.loadgen.sweep.LoadLock;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code make faults}: every instance under load through each fault (lab.loadgen.faults.Fault) → results/faults-&lt;id&gt;/. */
@Command(name = "faults", mixinStandardHelpOptions = true,
        description = "Fault matrix: each instance under steady load, each fault injected for a window and cleared; "
                + "writes results/faults-<id>/faults.json and index.html.")
public final class FaultsCommand implements Callable<Integer> {

    @Mixin
    TargetOptions targets;

    @Mixin
    ResultsOption results;

    @Mixin
    InstanceSelection selection;

    @Option(names = "--faults", defaultValue = "a,b,c,d,e,f",
            description = "a server stopped (the real MariaDB!), b silent, c reset, d 2 s latency, e 1 KB/s, f sessions killed (default ${DEFAULT-VALUE})")
    String faults;

    @Option(names = "--connections", defaultValue = "50", description = "closed-loop users per instance (default ${DEFAULT-VALUE})")
    int connections;

    @Option(names = "--window", defaultValue = "8", description = "seconds each fault lasts (default ${DEFAULT-VALUE})")
    int window;

    @Option(names = "--baseline", defaultValue = "3", description = "seconds of load before the fault (default ${DEFAULT-VALUE})")
    int baseline;

    @Option(names = "--recovery-max", defaultValue = "20", description = "seconds to wait for recovery after clearing (default ${DEFAULT-VALUE})")
    int recoveryMax;

    @Option(names = "--quiet", defaultValue = "3", description = "seconds of only OK answers that count as recovered (default ${DEFAULT-VALUE})")
    int quiet;

    @Option(names = "--toxiproxy", description = "toxiproxy API (default $TOXIPROXY_URL or " + Toxiproxy.DEFAULT_URL + ")")
    URI toxiproxy;

    @Option(names = "--isolate", split = " ",
            description = "a command run with each instance's name before its cells, leaving it alone in the lab "
                    + "(make faults gives the runtime's; ISOLATE=0 to keep every instance running)")
    List<String> isolate;

    // the commands come from the caller (make faults: scripts/lab.sh, whose runtime adapter carries them out): loadgen names no script of the project
    @Option(names = "--server-stop", split = " ",
            description = "the command that stops MariaDB for fault a (make faults gives the runtime's); fault a needs it")
    List<String> serverStop;

    @Option(names = "--server-start", split = " ",
            description = "the command that starts it again and returns once it answers; fault a needs it")
    List<String> serverStart;

    @Override
    public Integer call() throws Exception {
        List<Fault> chosen = Fault.parse(faults);
        InstancesConf conf = targets.conf();
        List<Instance> instances = selection.select(conf).values().stream().flatMap(List::stream).toList();
        Toxiproxy api = toxiproxy != null ? new Toxiproxy(toxiproxy) : Toxiproxy.fromEnv();
        if (chosen.stream().anyMatch(Fault::viaProxy) && !api.isUp()) {
            throw new IllegalStateException("faults b-e go through the lab's Toxiproxy proxies, and none answers at " + api.url()
                    + ": start the lab with 'make up LINK=0' (or choose FAULTS=a,f)");
        }
        if (chosen.contains(Fault.SERVER_STOP) && (serverStop == null || serverStart == null)) {
            throw new IllegalArgumentException("fault a stops MariaDB: give --server-stop and --server-start "
                    + "(make faults gives the runtime's), or choose other faults");
        }
        // no stop/start commands (RUNTIME=swarm: the servers live on other hosts): faults b-f only
        FaultMatrix matrix = new FaultMatrix(api, serverStop == null ? List.of() : serverStop,
                serverStart == null ? List.of() : serverStart, targets.hosts(), connections,
                FaultMatrix.timing(baseline, window, recoveryMax, quiet, 2),
                System.out::println).isolating(isolate == null ? List.of() : isolate);
        try (LoadLock lock = LoadLock.acquire("loadgen faults " + faults)) {
            Path dir = matrix.run(instances, chosen, results.resultsDir);
            System.out.println("faults: " + dir.resolve("index.html"));
            return 0;
        }
    }
}
