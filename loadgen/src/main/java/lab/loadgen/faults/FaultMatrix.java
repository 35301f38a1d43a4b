package lab.loadgen.faults;

import java.net.URI;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import lab.loadgen.config.HostResolver;
import lab.loadgen.config.LabPort;
import lab.loadgen.config.Instance;
import lab.loadgen.metrics.HealthCheck;

/**
 * The whole matrix: every chosen instance × fault, one after another, each cell written to the
 * results as soon as it is measured. The real MariaDB is always started again, even on Ctrl-C.
 * Isolating ({@code make faults}: the lab port's {@code only NAME}), each instance runs
 * alone during its cells: the servers' session counts are then its own, and killing sessions (f)
 * or stopping MariaDB (a) touches no other instance whose recovery the next cell would measure.
 */
public final class FaultMatrix {

    private static final DateTimeFormatter ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final Servers servers;
    private final CellRunner runner;
    private final HostResolver hosts;
    private final Map<String, Object> settings;
    private final Consumer<String> log;
    private final LabPort port;
    private boolean isolate;

    /** @param port where the matrix asks the lab to stop and start MariaDB (fault a) and to isolate; null: nowhere */
    public FaultMatrix(lab.link.Toxiproxy toxiproxy, LabPort port, HostResolver hosts,
                       int connections, CellRunner.Timing timing, Consumer<String> log) {
        this.port = port;
        this.servers = new Servers(port);
        this.runner = new CellRunner(new Injector(toxiproxy, servers), servers, new InstanceLog(port), timing, connections);
        this.hosts = hosts;
        this.log = log;
        this.settings = new LinkedHashMap<>();
        settings.put("connections", connections);
        settings.put("windowSeconds", timing.window().toSeconds());
        settings.put("baselineSeconds", timing.baseline().toSeconds());
        settings.put("recoveryMaxSeconds", timing.recoveryMax().toSeconds());
        settings.put("quietSeconds", timing.quiet().toSeconds());
        settings.put("leakWindowSeconds", CellRunner.LEAK_WINDOW.toSeconds());
        settings.put("latencySpikeMs", Injector.SPIKE_MS);
        settings.put("bandwidthKBps", Injector.BANDWIDTH_KBPS);
        settings.put("toxiproxy", toxiproxy.url().toString());
        settings.put("serverStop", port == null ? "" : "lab.sh stop-server mysql");
    }

    /** Whether only the instance under test runs during its cells (the lab port's {@code only NAME}). */
    public FaultMatrix isolating(boolean isolate) {
        this.isolate = isolate;
        settings.put("isolated", isolate);
        return this;
    }

    /** Timing of a cell; see {@link CellRunner.Timing}. */
    public static CellRunner.Timing timing(int baselineS, int windowS, int recoveryMaxS, int quietS, int settleS) {
        return new CellRunner.Timing(java.time.Duration.ofSeconds(baselineS), java.time.Duration.ofSeconds(windowS),
                java.time.Duration.ofSeconds(recoveryMaxS), java.time.Duration.ofSeconds(quietS), java.time.Duration.ofSeconds(settleS));
    }

    /** Runs the matrix into resultsDir/faults-&lt;id&gt;/ and returns that folder. */
    public Path run(List<Instance> instances, List<Fault> faults, Path resultsDir) throws Exception {
        ZonedDateTime now = ZonedDateTime.now(ZoneOffset.UTC);
        String id = ID.format(now);
        Path dir = resultsDir.resolve("faults-" + id);
        List<Cell> cells = new ArrayList<>();
        Thread restart = new Thread(this::restartIfStopped, "faults-restart-db");
        Runtime.getRuntime().addShutdownHook(restart);
        String status = "interrupted";
        try {
            for (Instance instance : instances) {
                if (isolate) {
                    log.accept(instance.name() + ": alone (lab.sh only " + instance.name() + ") …");
                    port.require(java.time.Duration.ofMinutes(5), List.of("only", instance.name()));
                }
                URI base = URI.create(hosts.baseUrl(instance));
                HealthCheck.Status health = HealthCheck.check(HealthCheck.client(), base.resolve(instance.healthPath()),
                        java.time.Duration.ofSeconds(5));
                if (!health.up()) {
                    throw new IllegalStateException(instance.name() + " is not healthy before its faults (" + health.detail()
                            + "); start the lab with 'make up LINK=0'");
                }
                for (Fault fault : faults) {
                    log.accept(instance.name() + ": (" + fault.letter + ") " + fault.label + " …");
                    Cell cell = runner.run(instance, base, fault);
                    cells.add(cell);
                    log.accept("  " + cell.grade() + (cell.effect() == null ? "" : " (" + cell.effect() + ")") + ": first error " + cell.firstErrorMs() + " ms, " + cell.during()
                            + (cell.okPct() == null ? "" : String.format(java.util.Locale.ROOT, ", %.0f%% ok", cell.okPct()))
                            + ", slowest " + cell.slowestMs() + " ms, recovery " + cell.recoveryMs() + " ms"
                            + (cell.purchases() == null ? "" : ", purchases " + java.util.Arrays.toString(cell.purchases()))
                            + (cell.notes().isEmpty() ? "" : " " + cell.notes()));
                    FaultsReport.write(dir, new FaultsReport.Run(id, now.toString(), null, "running", settings, cells));
                }
            }
            status = "complete";
        } finally {
            restartIfStopped();
            Runtime.getRuntime().removeShutdownHook(restart);
            FaultsReport.write(dir, new FaultsReport.Run(id, now.toString(), ZonedDateTime.now(ZoneOffset.UTC).toString(),
                    status, settings, cells));
        }
        return dir;
    }

    private void restartIfStopped() {
        if (servers.mysqlStopped()) {
            try {
                log.accept("starting MariaDB again …");
                servers.startMysql();
            } catch (Exception e) {
                log.accept("error: could not start MariaDB again (" + e.getMessage() + "); run 'scripts/lab.sh start-server' now");
            }
        }
    }
}
