package lab.loadgen.cli;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import lab.link.Toxiproxy;
import lab.loadgen.config.Instance;
import lab.loadgen.config.InstancesConf;
import lab.loadgen.config.LabPort;
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

    @Option(names = "--lab-port", paramLabel = "DIR",
            description = "the lab port: a directory where the shell that started loadgen carries out what the matrix asks "
                    + "of the lab (make faults serves one): --isolate and fault a need it")
    Path labPort;

    @Option(names = "--isolate",
            description = "before each instance's cells, ask the lab port to leave it alone in the lab "
                    + "(make faults does; ISOLATE=0 to keep every instance running)")
    boolean isolate;

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
        if ((chosen.contains(Fault.SERVER_STOP) || isolate) && labPort == null) {
            throw new IllegalArgumentException("fault a and --isolate ask the lab through --lab-port DIR, which the shell "
                    + "that starts loadgen serves (make faults does), or choose other faults");
        }
        // no lab port (RUNTIME=swarm: the servers live on other hosts): faults b-f only, no isolation
        LabPort port = labPort == null ? null : new LabPort(labPort);
        FaultMatrix matrix = new FaultMatrix(api, port, targets.hosts(), connections,
                FaultMatrix.timing(baseline, window, recoveryMax, quiet, 2), System.out::println).isolating(isolate);
        try (LoadLock lock = LoadLock.acquire("loadgen faults " + faults)) {
            Path dir = matrix.run(instances, chosen, results.resultsDir);
            System.out.println("faults: " + dir.resolve("index.html"));
            return 0;
        }
    }
}
