package lab.loadgen.sweep;

import java.io.PrintStream;
import java.net.http.HttpClient;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import lab.loadgen.metrics.HealthCheck;
import lab.report.load.ReportPage;
import lab.loadgen.live.LiveFeed;
import lab.loadgen.results.RunDirectory;
import lab.loadgen.tool.ProcessRunner;

/**
 * The sweep: per app, per mode, per level, each tool in turn; warm-up before a mode's first level,
 * a pause after each point. Every point is saved as it finishes; Ctrl-C saves what finished, records
 * the point it cut short and writes the report.
 */
public final class SweepRunner {

    /** The app whose page has a database ceiling series. */
    static final String CEILING_APP = "portal";

    public static final int EXIT_OK = 0;
    public static final int EXIT_ALL_FAILED = 1;
    public static final int EXIT_INTERRUPTED = 130;

    private final SweepConfig config;
    private final PrintStream out;
    private final ProcessRunner runner = new ProcessRunner();
    private final HttpClient http = HealthCheck.client();
    private final InstanceHealth health;
    private volatile boolean interrupted;
    private final CountDownLatch loopDone = new CountDownLatch(1);
    private final SweepLinks links;
    /** The fair pass's targets whose instance was restarted fair; why one did not take, by target. */
    private final java.util.Set<Target> fairInForce = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final LabControl control;
    private final Focus focus;
    /** live.json for the dashboard's live page; set when the run's folder exists. */
    private LiveFeed live;

    public SweepRunner(SweepConfig config, PrintStream out) {
        this.config = config;
        this.out = out;
        this.control = new LabControl(config.labPort(), http, out);
        this.focus = config.freeze() ? new Focus(config.labPort(), out, config.resultsDir()) : Focus.NONE;
        this.health = new InstanceHealth(http, control, focus);
        this.links = new SweepLinks(config.link(), new LinkProbe(lab.link.Toxiproxy.fromEnv()), out);
    }

    public int run() {
        ToolPlan tools = new ToolPlan(config.tools());
        List<PlannedPoint> plannedPoints = SweepPlan.plannedPoints(config, tools);
        RunDirectory dir = RunDirectory.create(config.resultsDir(), config.profile().name(), ZonedDateTime.now());
        RunRecorder recorder = new RunRecorder(dir, SweepPlan.runInfo(config, tools, dir.id(), () -> links.proxyHop(config.targets())));
        recorder.save();
        live = new LiveFeed(dir.dir(), dir.id(), plannedPoints.size(), Math.round(SweepPlan.plannedSec(plannedPoints)));
        out.printf("run %s: %d points, profile %s, tools %s -> %s%n", dir.id(), plannedPoints.size(),
                config.profile().name(), tools.runOrder(), dir.dir());
        out.printf("planned duration: %s (warm-ups, repetitions and pauses; link switches and start-up not counted)%n",
                Progress.clock(SweepPlan.plannedSec(plannedPoints)));
        tools.notes().forEach(n -> out.println("note: " + n));
        Thread main = Thread.currentThread();
        Thread hook = new Thread(() -> onCtrlC(main, recorder), "loadgen-ctrl-c");
        Runtime.getRuntime().addShutdownHook(hook);
        String status = "complete";
        // a profile that moves the link puts back the one in force before it: the next run starts where the lab was
        lab.link.Link before = lab.link.LabLink.current(lab.link.LinkFile.runDir());
        boolean movesLink = plannedPoints.stream().anyMatch(st -> st.rttMs() != null);
        try {
            sweep(plannedPoints, tools, recorder, new PointRunner(dir, runner, http, Runtime.getRuntime().availableProcessors(),
                    config.pidsDir(), live, focus));
        } catch (InterruptedException e) {
            status = "interrupted";
        } finally {
            focus.release();
            // back to the unfair hand-off before the link: a restart sets the recorded link again
            fairInForce.forEach(control::restartUnfair);
            if (movesLink && before.proxied()) {
                links.restore(before);
            }
            loopDone.countDown();
        }
        if (interrupted) {
            return EXIT_INTERRUPTED; // the hook finishes the run
        }
        Runtime.getRuntime().removeShutdownHook(hook);
        finish(recorder, status);
        return recorder.counts()[0] > recorder.counts()[1] ? EXIT_OK : EXIT_ALL_FAILED;
    }

    /**
     * Every scenario (app, link RTT, level, tool) in turn, each run by {@link ScenarioRunner}; before
     * one, what the lab must do for it: the fair pass's restart, isolation (ISOLATE runs one instance
     * at a time, so its repetitions stay in one block per point), the link's round trip.
     */
    private void sweep(List<PlannedPoint> plannedPoints, ToolPlan tools, RunRecorder recorder, PointRunner exec)
            throws InterruptedException {
        double planned = plannedPoints.stream().mapToDouble(PlannedPoint::plannedSec).sum();
        Progress progress = new Progress(out, plannedPoints.size(), live);
        Double rttInForce = null;
        Target isolated = null;
        // the fair pass's points apart: the same scenarios as the unfair pool's, on the same port, later
        List<List<PlannedPoint>> scenarios = new ArrayList<>(Rounds.scenarios(
                plannedPoints.stream().filter(st -> !FairPass.inPass(st)).toList(), config.isolate()));
        scenarios.addAll(Rounds.scenarios(plannedPoints.stream().filter(FairPass::inPass).toList(), true));
        if (!scenarios.isEmpty()) {
            exec.focus(scenarios.getFirst().getFirst().target()); // the others frozen before the machine is waited for
        }
        QuietMachine.await(progress);
        if (!scenarios.isEmpty()) {
            Double atRest = QuietMachine.background(exec, scenarios.getFirst().getFirst(), progress);
            exec.background(atRest);
            recorder.note(QuietMachine.backgroundNote(atRest, exec.freezes()));
        }
        if (focus.failure() != null) {
            recorder.note("Freezing failed, so every instance ran throughout: " + focus.failure());
        }
        Budget budget = new Budget(config.profile().budgetSec(), planned, SweepPlan.warmupsSec(plannedPoints), scenarios.size());
        ScenarioRunner rounds = new ScenarioRunner(config, tools, recorder, exec, progress, health, links, control, budget,
                () -> interrupted);
        for (List<PlannedPoint> scenario : scenarios) {
            if (interrupted) {
                return;
            }
            PlannedPoint first = scenario.getFirst();
            if (FairPass.inPass(first) && !fairInForce.contains(first.target())) {
                fairInForce.add(first.target());
                control.restartFair(first.target(), progress);
                rttInForce = null; // a restart may have set the link again
                isolated = null;
            }
            if (config.isolate() && !first.target().equals(isolated)) {
                control.isolate(first.target(), progress);
                health.forget(first.target()); // warmed up again: it may have been restarted
                isolated = first.target();
            }
            if (first.rttMs() != null && !first.rttMs().equals(rttInForce)) {
                rttInForce = links.switchTo(first, progress, recorder);
            }
            rounds.runAndCharge(scenario, scenario == scenarios.getLast());
        }
    }


    private void onCtrlC(Thread main, RunRecorder recorder) {
        interrupted = true;
        live.finish("interrupted", false); // the live page says so now; the report follows the loop's end
        runner.killAll();
        focus.release();
        main.interrupt();
        try {
            loopDone.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        finish(recorder, "interrupted");
    }

    private void finish(RunRecorder recorder, String status) {
        if (!recorder.finish(status)) {
            return;
        }
        RunDirectory dir = recorder.directory();
        live.finish(status, false); // the live page says so at once; its report follows
        boolean written = false;
        try {
            ReportPage.write(recorder.snapshot(), dir.html());
            written = true;
        } catch (RuntimeException e) {
            out.println("error: could not write the report page: " + e.getMessage());
        }
        live.finish(status, written);
        live.close();
        dir.markLatest();
        int[] c = recorder.counts();
        out.printf("%s: %d points saved (%d failed) in %s%n", status, c[0], c[1], dir.json());
        out.printf("report: %s%n", dir.html());
        Summary.peaks(recorder.snapshot()).forEach(out::println);
        out.flush();
    }
}
