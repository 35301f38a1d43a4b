package lab.loadgen.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import lab.link.IdleCores;
import lab.loadgen.config.HostResolver;
import lab.loadgen.config.InstancesConf;
import lab.loadgen.config.LabPort;
import lab.loadgen.sweep.AppPlan;
import lab.loadgen.sweep.FairPass;
import lab.loadgen.sweep.JitWarmup;
import lab.loadgen.sweep.LoadLock;
import lab.loadgen.sweep.Profile;
import lab.loadgen.sweep.SweepConfig;
import lab.loadgen.sweep.SweepOrder;
import lab.loadgen.sweep.SweepRunner;
import lab.loadgen.sweep.Target;
import lab.loadgen.tool.CeilingTool;
import lab.loadgen.tool.HttperfTool;
import lab.loadgen.tool.LoadTool;
import lab.loadgen.tool.OhaTool;
import lab.loadgen.tool.Wrk2Tool;
import lab.loadgen.tool.WrkTool;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** make loadtest: sweeps the selected instances over the profile's concurrency levels. */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = "Sweep instances over concurrency levels (and link round trips) with wrk, wrk2/oha and httperf; "
                + "write results/<run-id>/.")
public final class SweepCommand implements Callable<Integer> {

    @Mixin
    TargetOptions targets;

    @Option(names = "--profile", defaultValue = Profile.DEFAULT, description = "map, smoke, quick, thesis or latency (default ${DEFAULT-VALUE})")
    String profile;

    @Mixin
    InstanceSelection selection;

    @Option(names = "--order", defaultValue = "listed",
            description = "mode order: listed, reverse, shuffle or interleaved (level by level across modes); default ${DEFAULT-VALUE}")
    String order;

    @Option(names = "--seed", description = "seed for --order shuffle (default: the clock; recorded in results.json)")
    Long seed;

    @Mixin
    ResultsOption results;

    @Option(names = "--tools", split = ",",
            description = "tools to run at each level, e.g. wrk,oha (default: the profile's; \"wrk2|oha\" = the first "
                    + "installed; a missing binary is noted, its figures null)")
    List<String> tools;

    @Option(names = "--oha", defaultValue = "oha", description = "oha binary (default ${DEFAULT-VALUE}, else ~/.cargo/bin/oha)")
    String ohaBinary;

    @Option(names = "--portal-jar", defaultValue = "servlet-portal/target/servlet-portal.jar",
            description = "the portal's jar, whose page (lab.portal.PageWithoutWeb) the ceiling series runs (default ${DEFAULT-VALUE})")
    java.nio.file.Path portalJar;

    @Option(names = "--repetitions", description = "override the measured repetitions per point")
    Integer repetitions;

    @Option(names = "--rtts", split = ",", description = "link round trips to sweep, ms (PROFILE=latency; e.g. 0,1,78)")
    List<Double> rtts;

    @Option(names = "--pids-dir", defaultValue = ".run/pids",
            description = "the lab's PID files, to tell instances apart in the CPU accounting (default ${DEFAULT-VALUE})")
    java.nio.file.Path pidsDir;

    @Option(names = "--lab-port", paramLabel = "DIR",
            description = "the lab port: a directory where the shell that started loadgen carries out what --isolate "
                    + "and --fair-pass ask of the lab (scripts/lab.sh serves one for ISOLATE=1 and FAIR_POOL=1)")
    java.nio.file.Path labPort;

    @Option(names = "--isolate",
            description = "before each instance's steps, ask the lab port to leave only that instance running (make loadtest ISOLATE=1)")
    boolean isolate;

    @Option(names = "--freeze",
            description = "ask the lab port to freeze every other lab instance while an instance is warmed up and measured, "
                    + "and to thaw them all at the end (make loadtest and make up's warm-up do; FREEZE=0: not)")
    boolean freeze;

    @Option(names = "--fair-pass",
            description = "after the other scenarios, ask the lab port to restart the portal's thread pool with the fair "
                    + "session hand-off, sweep it again as series threadpool-fair, then restart it unfair (make loadtest FAIR_POOL=1)")
    boolean fairPass;

    @Option(names = "--note", description = "a note for the report page (repeatable), e.g. that other instances were stopped")
    List<String> extraNotes;

    @Option(names = "--warm-up-only", paramLabel = "SEC",
            description = "only warm the selected instances up, one after the other under a light load (8 connections), until "
                    + "each is steady (goodput and JIT compiler; at most SEC seconds each), then exit; nothing is "
                    + "measured (make up: WARM=SEC)")
    Integer warmUpOnly;

    @Option(names = "--print-tools",
            description = "print the load tools this sweep's plan runs, one a line (its warm-ups' wrk too), and exit: "
                    + "make loadtest installs only those")
    boolean printTools;

    @Option(names = "--wrk", defaultValue = "wrk", description = "wrk binary (default ${DEFAULT-VALUE})")
    String wrkBinary;

    @Option(names = "--wrk2", defaultValue = "wrk2", description = "wrk2 binary (default ${DEFAULT-VALUE})")
    String wrk2Binary;

    @Option(names = "--httperf", defaultValue = "httperf", description = "httperf binary (default ${DEFAULT-VALUE})")
    String httperfBinary;

    @Option(names = "--wrk2-fraction", defaultValue = "0.8",
            description = "wrk2 rate as a fraction of wrk's peak at the same level (default ${DEFAULT-VALUE})")
    double wrk2Fraction;

    @Option(names = "--levels", split = ",", description = "override the profile's concurrency levels, e.g. 1,10,50")
    List<Integer> levels;

    @Option(names = "--duration", description = "override wrk/wrk2 seconds per repetition")
    Integer duration;

    @Option(names = "--calls", description = "override httperf calls per connection")
    Integer calls;

    @Option(names = "--timeout", description = "override the per-request timeout, seconds")
    Double timeout;

    @Option(names = "--warmup", description = "override the warm-up seconds (0: none)")
    Integer warmup;

    @Option(names = "--pause", description = "override the pause between steps, seconds")
    Double pause;

    @Option(names = "--shared-machine", arity = "1",
            description = "record whether loadgen and the servers share a machine (default: detected from the hosts)")
    Boolean sharedMachine;

    @Override
    public Integer call() {
        if (wrk2Fraction <= 0 || wrk2Fraction > 1.5) {
            throw new IllegalArgumentException("--wrk2-fraction must be in (0, 1.5], got " + wrk2Fraction);
        }
        InstancesConf conf = targets.conf();
        if (warmUpOnly != null) {
            return warmUp(select(conf, targets.hosts(), Map.of()).values().stream().flatMap(List::stream).toList());
        }
        Profile base = Profile.named(profile);
        if (printTools) {
            toolsToInstall(tools != null ? tools : base.tools()).forEach(System.out::println);
            return 0;
        }
        Map<String, List<Target>> selected = select(conf, targets.hosts(), base.defaultModes());
        Map<String, AppPlan> plans = new LinkedHashMap<>();
        selected.keySet().forEach(a -> plans.put(a, override(base.plan(a))));
        List<String> notes = new ArrayList<>(base.notes());
        if (extraNotes != null) {
            notes.addAll(extraNotes);
        }
        boolean linkNeeded = plans.values().stream().anyMatch(p -> !p.rttsMs().isEmpty());
        SweepConfig config = new SweepConfig(new Profile(base.name(), plans, base.tools(), base.notes(),
                        repetitions == null ? base.budgetSec() : null), selected,
                loadTools(tools != null ? tools : base.tools()), SweepOrder.parse(order),
                seed != null ? seed : System.currentTimeMillis(), wrk2Fraction, results.resultsDir, sharedMachine,
                pidsDir, linkNeeded ? SweepLink.lab() : null, notes, labPort(), isolate, freeze, new FairPass(fairPass));
        try (LoadLock lock = LoadLock.acquire("loadgen sweep --profile " + profile); IdleCores idle = IdleCores.poll()) {
            System.out.println("idle cores: " + idle.state());
            return new SweepRunner(config, System.out).run();
        }
    }

    /** The lab port, which --isolate, --freeze and --fair-pass need; null without them. */
    private LabPort labPort() {
        if ((isolate || fairPass || freeze) && labPort == null) {
            throw new IllegalArgumentException("--isolate, --freeze and --fair-pass ask the lab through --lab-port DIR, which "
                    + "the shell that starts loadgen serves (make loadtest does)");
        }
        if (isolate && freeze) {
            throw new IllegalArgumentException("--isolate stops the other instances, --freeze freezes them: one or the other");
        }
        return labPort == null ? null : new LabPort(labPort);
    }

    private int warmUp(List<Target> all) {
        WrkTool wrk = WrkTool.find(wrkBinary);
        if (!wrk.executable().available()) {
            System.out.println("warm-up: no wrk (" + wrkBinary + "): the instances are left cold; the first load test warms them longer");
            return 0;
        }
        try {
            var outcomes = new JitWarmup(lab.loadgen.metrics.HealthCheck.client(), new lab.loadgen.tool.ProcessRunner(), wrk,
                    System.out, results.resultsDir, labPort()).run(all, warmUpOnly);
            outcomes.forEach(o -> System.out.printf(java.util.Locale.ROOT, "warm-up: %-20s %s%n", o.instance(),
                    o.steady() ? String.format(java.util.Locale.ROOT, "steady after %.0f s", o.seconds()) : o.why()));
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }

    private Map<String, List<Target>> select(InstancesConf conf, HostResolver hosts, Map<String, List<String>> defaultModes) {
        Map<String, List<Target>> out = new LinkedHashMap<>();
        selection.select(conf, defaultModes).forEach((app, instances) -> out.put(app, instances.stream().map(i -> new Target(i, hosts.hostOf(i))).toList()));
        return out;
    }

    private AppPlan override(AppPlan p) {
        AppPlan r = p;
        r = levels == null ? r : r.withLevels(levels);
        r = duration == null ? r : r.withDuration(duration);
        r = calls == null ? r : r.withCalls(calls);
        r = timeout == null ? r : r.withTimeout(timeout);
        r = warmup == null ? r : r.withWarmup(warmup);
        r = repetitions == null ? r : r.withRepetitions(repetitions);
        r = rtts == null ? r : r.withRtts(rtts);
        return pause == null ? r : r.withPause(pause);
    }

    private Map<String, LoadTool> loadTools(List<String> names) {
        Map<String, LoadTool> m = new LinkedHashMap<>();
        for (String t : names) {
            // "wrk2|oha": the first installed alternative, else the first (recorded as missing)
            List<LoadTool> alternatives = alternatives(t);
            LoadTool chosen = alternatives.stream().filter(a -> a.executable().available()).findFirst()
                    .orElse(alternatives.getFirst());
            m.put(chosen.name(), chosen);
        }
        return m;
    }

    /**
     * What the plan's tools need installed: wrk (every warm-up runs it), and per tool the installed
     * alternative of "wrk2|oha", else every one of them (the installer builds what it can); the
     * ceiling is loadgen's own.
     */
    private java.util.Set<String> toolsToInstall(List<String> names) {
        java.util.Set<String> out = new java.util.LinkedHashSet<>(List.of("wrk"));
        for (String t : names) {
            List<LoadTool> alternatives = alternatives(t);
            alternatives.stream().filter(a -> a.executable().available()).findFirst().ifPresentOrElse(
                    a -> out.add(a.name()), () -> alternatives.forEach(a -> out.add(a.name())));
        }
        out.remove("ceiling");
        return out;
    }

    /** "wrk2|oha": each alternative, in order. */
    private List<LoadTool> alternatives(String tool) {
        return java.util.Arrays.stream(tool.split("\\|")).map(this::tool).toList();
    }

    private LoadTool tool(String name) {
        return switch (name.strip()) {
            case "httperf" -> HttperfTool.find(httperfBinary);
            case "wrk" -> WrkTool.find(wrkBinary);
            case "wrk2" -> Wrk2Tool.find(wrk2Binary);
            case "oha" -> OhaTool.find(ohaBinary);
            case "ceiling" -> CeilingTool.find(portalJar);
            default -> throw new IllegalArgumentException("unknown tool '" + name + "'; one of httperf, wrk, wrk2, oha, ceiling");
        };
    }
}
