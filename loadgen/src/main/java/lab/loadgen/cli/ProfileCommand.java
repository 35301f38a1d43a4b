package lab.loadgen.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;

import lab.link.IdleCores;
import lab.loadgen.config.Instance;
import lab.loadgen.metrics.ProfileShares;
import lab.loadgen.metrics.Profiler;
import lab.loadgen.sweep.LoadLock;
import lab.loadgen.sweep.Profile;
import lab.loadgen.tool.Measurement;
import lab.loadgen.tool.ProcessRunner;
import lab.loadgen.tool.ToolRequest;
import lab.loadgen.tool.WrkTool;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code make profile}: one running instance under closed-loop wrk load, profiled by async-profiler
 * twice, on CPU and then on the wall clock (where its threads wait), each as a flame graph beside
 * the wrk output, in {@code results/profile-<time>-<instance>/}, with the CPU samples summed by part
 * of the stack ({@code cpu-shares.txt}: the drivers, the pools, Reactor, the lab's engine, …). The link is the lab's as it is
 * (make profile sets it first when LINK is given).
 */
@Command(name = "profile", mixinStandardHelpOptions = true,
        description = "Profile one instance under load: CPU and wall-clock flame graphs (async-profiler).")
public final class ProfileCommand implements Callable<Integer> {

    @Mixin
    TargetOptions targets;

    @Option(names = "--instance", required = true, description = "the instance, e.g. portal-nonblocking")
    String instance;

    @Option(names = "--connections", description = "wrk connections (default: the map's high load for the app)")
    Integer connections;

    @Option(names = "--duration", defaultValue = "15", description = "seconds of load per profile (default ${DEFAULT-VALUE})")
    int durationSec;

    @Option(names = "--pids-dir", defaultValue = ".run/pids", description = "the lab's PID files (default ${DEFAULT-VALUE})")
    Path pidsDir;

    @Mixin
    ResultsOption results;

    @Option(names = "--wrk", defaultValue = "wrk", description = "the wrk binary")
    String wrkBinary;

    @Override
    public Integer call() throws Exception {
        Instance target = targets.conf().instances().stream().filter(i -> i.name().equals(instance)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no instance '" + instance + "' in instances.conf"));
        Path pidFile = pidsDir.resolve(instance + ".pid");
        if (!Files.isRegularFile(pidFile)) {
            throw new IllegalArgumentException("no PID file " + pidFile + ": is the lab up natively (make up)? "
                    + "Profiling attaches to a process of this machine");
        }
        // idle cores poll as in the map's sweep, so that its profiles see the same machine
        try (LoadLock lock = LoadLock.acquire("loadgen profile " + instance); IdleCores idle = IdleCores.poll()) {
            System.out.println("idle cores: " + idle.state());
            return profile(target, Long.parseLong(Files.readString(pidFile).strip()));
        }
    }

    private int profile(Instance target, long pid) throws Exception {
        int c = connections != null ? connections
                : Profile.MAP_LEVELS.getOrDefault(target.app(), List.of(50)).getLast();
        WrkTool wrk = WrkTool.find(wrkBinary);
        Path dir = results.resultsDir.resolve("profile-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
                + "-" + instance);
        Files.createDirectories(dir);
        ProcessRunner runner = new ProcessRunner();
        String host = targets.hosts().hostOf(target);
        // CPU, then wall clock; each also as collapsed stacks, the CPU's summed by part (cpu-shares.txt)
        for (String event : List.of("cpu", "wall")) {
            System.out.printf("%s: %s profile, wrk %d connections for %d s%n", instance, event, c, durationSec);
            String why = Profiler.start(pid, event);
            if (why != null) {
                System.out.println("error: " + why);
                return 1;
            }
            ToolRequest req = new ToolRequest(host, target.port(), target.loadUri(), c, durationSec, 1, 5, null,
                    Runtime.getRuntime().availableProcessors());
            ProcessRunner.Outcome out = runner.run(wrk.commands(req), Duration.ofSeconds(durationSec + 60L));
            Path flame = dir.resolve(event + ".html");
            Path collapsed = dir.resolve(event + ".collapsed");
            String notDumped = Profiler.dump(pid, collapsed);
            why = Profiler.stop(pid, flame);
            Files.writeString(dir.resolve(event + "-wrk.txt"), String.join("\n", out.outputs()));
            Measurement m = wrk.parse(out.outputs());
            System.out.printf("  goodput %s successes/s, errors %s -> %s%n",
                    m.requestsPerSec() == null ? "—" : String.format(java.util.Locale.ROOT, "%.0f", m.requestsPerSec()),
                    m.errors(), why == null ? flame : "no flame graph: " + why);
            if (event.equals("cpu")) {
                if (notDumped != null) {
                    System.out.println("  no CPU shares: " + notDumped);
                } else {
                    // the parts' shares of the instance's CPU: the drivers, the pools, Reactor, the lab's engine, …
                    String shares = ProfileShares.table(ProfileShares.of(collapsed));
                    Files.writeString(dir.resolve("cpu-shares.txt"), shares);
                    System.out.print(shares.indent(2));
                }
            }
        }
        return 0;
    }
}
