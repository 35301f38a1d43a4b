package lab.loadgen.sweep;

import java.io.PrintStream;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import lab.loadgen.metrics.HealthCheck;
import lab.report.load.ReportPage;
import lab.report.Spread;
import lab.report.results.Point;
import lab.report.results.Repetitions;
import lab.report.results.Run;
import lab.loadgen.live.LiveFeed;
import lab.loadgen.results.RunDirectory;
import lab.loadgen.tool.ProcessRunner;

/**
 * The sweep: per app, per mode, per level, each tool in turn; warm-up before a mode's first level,
 * a pause after each step. Every step is saved as it finishes; Ctrl-C saves what finished, records
 * the step it cut short and writes the report.
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
    private Budget budget = new Budget(null, 0, 0, 0);
    /** The fair pass's targets whose instance was restarted fair; why one did not take, by target. */
    private final java.util.Set<Target> fairInForce = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final LabControl control;
    private double lastRoundSec;
    /** The instances' warm-ups so far, in seconds: the budget charges them apart from the scenarios. */
    private double warmupSpentSec;
    /** live.json for the dashboard's live page; set when the run's folder exists. */
    private LiveFeed live;

    public SweepRunner(SweepConfig config, PrintStream out) {
        this.config = config;
        this.out = out;
        this.control = new LabControl(config.isolate(), config.fairPass(), runner, http, out);
        this.health = new InstanceHealth(http, control);
        this.links = new SweepLinks(config.link(), new LinkProbe(lab.link.Toxiproxy.fromEnv()), out);
    }

    public int run() {
        ToolPlan tools = new ToolPlan(config.tools());
        List<Step> steps = SweepPlan.steps(config, tools);
        RunDirectory dir = RunDirectory.create(config.resultsDir(), config.profile().name(), ZonedDateTime.now());
        RunRecorder recorder = new RunRecorder(dir, SweepPlan.runInfo(config, tools, dir.id(), () -> links.proxyHop(config.targets())));
        recorder.save();
        live = new LiveFeed(dir.dir(), dir.id(), steps.size(), Math.round(SweepPlan.plannedSec(steps)));
        out.printf("run %s: %d points, profile %s, tools %s -> %s%n", dir.id(), steps.size(),
                config.profile().name(), tools.runOrder(), dir.dir());
        out.printf("planned duration: %s (warm-ups, repetitions and pauses; link switches and start-up not counted)%n",
                Progress.clock(SweepPlan.plannedSec(steps)));
        tools.notes().forEach(n -> out.println("note: " + n));
        Thread main = Thread.currentThread();
        Thread hook = new Thread(() -> onCtrlC(main, recorder), "loadgen-ctrl-c");
        Runtime.getRuntime().addShutdownHook(hook);
        String status = "complete";
        // a profile that moves the link puts back the one in force before it: the next run starts where the lab was
        lab.link.Link before = lab.link.LabLink.current(lab.link.LinkFile.runDir());
        boolean movesLink = steps.stream().anyMatch(st -> st.rttMs() != null);
        try {
            sweep(steps, tools, recorder, new StepExecutor(dir, runner, http, Runtime.getRuntime().availableProcessors(),
                    config.pidsDir(), live));
        } catch (InterruptedException e) {
            status = "interrupted";
        } finally {
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
     * Every scenario (app, link RTT, level, tool) in turn; within one, repetition r of every mode
     * before repetition r+1, in the order of a Williams design ({@link Rounds#williams}), so that
     * slow drift and carry-over fall on every mode alike; more rounds while a mode against jdbc is
     * tied and the budget allows. ISOLATE runs one instance at a time, so its repetitions stay in
     * one block per point.
     */
    private void sweep(List<Step> steps, ToolPlan tools, RunRecorder recorder, StepExecutor exec)
            throws InterruptedException {
        double planned = steps.stream().mapToDouble(Step::plannedSec).sum();
        Progress progress = new Progress(out, steps.size(), live);
        Double rttInForce = null;
        Target isolated = null;
        // the fair pass's steps apart: the same scenarios as the unfair pool's, on the same port, later
        List<List<Step>> scenarios = new ArrayList<>(Rounds.scenarios(
                steps.stream().filter(st -> !FairPass.inPass(st)).toList(), !config.isolate().isEmpty()));
        scenarios.addAll(Rounds.scenarios(steps.stream().filter(FairPass::inPass).toList(), true));
        QuietMachine.await(progress);
        budget = new Budget(config.profile().budgetSec(), planned, SweepPlan.warmupsSec(steps), scenarios.size());
        for (List<Step> scenario : scenarios) {
            if (interrupted) {
                return;
            }
            Step first = scenario.getFirst();
            if (FairPass.inPass(first) && !fairInForce.contains(first.target())) {
                fairInForce.add(first.target());
                control.restartFair(first.target(), progress);
                rttInForce = null; // a restart may have set the link again
                isolated = null;
            }
            if (!config.isolate().isEmpty() && !first.target().equals(isolated)) {
                control.isolate(first.target(), progress);
                health.forget(first.target()); // warmed up again: it may have been restarted
                isolated = first.target();
            }
            if (first.rttMs() != null && !first.rttMs().equals(rttInForce)) {
                rttInForce = links.switchTo(first, progress, recorder);
            }
            long started = System.nanoTime();
            double warmedBefore = warmupSpentSec;
            double addedRoundsSec = runScenario(scenario, tools, recorder, exec, progress, scenario == scenarios.getLast());
            budget.scenarioDone(scenario.stream().mapToDouble(Step::plannedSec).sum(),
                    (System.nanoTime() - started) / 1e9 - (warmupSpentSec - warmedBefore) - addedRoundsSec);
        }
    }

    /**
     * One scenario: every mode's point, its repetitions in Williams rounds, 3 to 7; each point recorded
     * when all its rounds ran. Returns the seconds its rounds beyond the plan's took.
     */
    private double runScenario(List<Step> scenario, ToolPlan tools, RunRecorder recorder, StepExecutor exec,
                             Progress progress, boolean last) throws InterruptedException {
        Map<Step, Integer> rates = new LinkedHashMap<>();
        Map<Step, Point> failed = new LinkedHashMap<>();
        Map<Step, List<Point>> reps = new LinkedHashMap<>();
        for (Step step : scenario) {
            prepare(step, tools, exec, progress, recorder);
            Point unable = unable(step, recorder, rates);
            if (unable != null) {
                failed.put(step, unable);
            } else {
                reps.put(step, new ArrayList<>());
            }
        }
        List<Step> running = List.copyOf(reps.keySet());
        int rounds = running.isEmpty() ? 0 : running.getFirst().plan().repetitions();
        double addedSec = 0;
        Map<Step, List<Double>> linkRtt = new LinkedHashMap<>();
        double plannedSec = scenario.stream().mapToDouble(Step::plannedSec).sum();
        Map<Step, Integer> repSec = new LinkedHashMap<>();
        running.forEach(step -> linkRtt.put(step, links.probe(step)));
        try {
            for (Step step : running) {
                StepExecutor.PointWarmup w = exec.warmUpPoint(step, tools.tool(step.tool()), rates.get(step));
                w.profiles().forEach(recorder::profile);
                QuietMachine.awaitIdle(exec, step, progress); // the warm-up's own requests must not open the first repetition
                int plan = step.plan().durationSec();
                int sec = budget.stretch(w.repetitionSec(), plan, step.plan().repetitions());
                repSec.put(step, sec);
                if (w.repetitionSec() > plan) {
                    progress.info(String.format(java.util.Locale.ROOT, "%s: replies take long here; repetitions of %d s%s",
                            step.label(), sec, sec < w.repetitionSec() ? " (" + w.repetitionSec() + " wanted; the budget allows no more)" : ""));
                }
            }
            int max = running.isEmpty() ? 0 : running.getFirst().plan().maxRepetitions();
            for (int r = 1; r <= max && !interrupted; r++) {
                if (r > rounds && !moreRounds(reps, r - 1, plannedSec, progress)) {
                    break;
                }

                long roundStart = System.nanoTime();
                List<Step> order = Rounds.williams(running, r - 1);
                if (running.size() > 1) {
                    recorder.round(order.getFirst(), r, order.stream().map(s -> s.target().instance().mode()).toList());
                }
                for (Step step : order) {
                    int sec = repSec.getOrDefault(step, step.plan().durationSec());
                    Point rep = runOne(step, tools, exec, rates.get(step), Integer.toString(r), sec);
                    QuietMachine.awaitIdle(exec, step, progress);
                    if (measureAgain(rep)) {
                        progress.info(String.format(java.util.Locale.ROOT, "%s round %d: other processes took %.0f %% of a "
                                + "core it could have used; measured again (the first in raw/)", step.label(), r,
                                rep.interference().otherPct()));
                        rep = runOne(step, tools, exec, rates.get(step), r + "-again", sec);
                        QuietMachine.awaitIdle(exec, step, progress);
                    }
                    reps.get(step).add(rep);
                }
                lastRoundSec = (System.nanoTime() - roundStart) / 1e9;
                if (r > rounds) {
                    addedSec += lastRoundSec;
                }
            }
        } catch (InterruptedException e) {
            reps.forEach((step, done) -> recorder.add(step, done.isEmpty()
                    ? Points.failed(step.level(), "interrupted (Ctrl-C) while running", null, now()).withRttMs(step.rttMs())
                    : aggregate(step, done)));
            throw e;
        }
        // before the link changes: a backlog left here would be served at the next, slower link; after
        // the last scenario no link follows, so the usual wait will do
        Duration endWait = last ? StepExecutor.IDLE_MAX : StepExecutor.SCENARIO_IDLE_MAX;
        for (Step step : running) {
            if (QuietMachine.awaitIdle(exec, step, progress, endWait)) {
                linkRtt.get(step).addAll(links.probe(step)); // through a busy instance's proxy it would read its backlog
            }
        }
        Budget.ToCome toCome = budget.toCome(plannedSec);
        for (Step step : scenario) {
            Point p = failed.containsKey(step) ? failed.get(step) : aggregate(step, reps.get(step));
            if (!failed.containsKey(step)) {
                Spread rtt = Spread.of(linkRtt.get(step));
                p = p.withLinkRtt(rtt == null ? null : rtt.median(), RoundTrips.perPage(step.target().instance(), p.multiplexing()));
            }
            if (step.rttMs() != null && p.rttMs() == null) {
                p = p.withRttMs(step.rttMs());
            }
            recorder.add(step, p);
            progress.step(step, p, toCome);
        }
        return addedSec;
    }

    /**
     * Whether a scenario that ran {@code done} rounds gets one more: its cell is not settled
     * ({@link Rounds#undecided}: a mode against jdbc still tied, a point still trending, a wide tie
     * among the winners), and the budget leaves this scenario a round; a tie that changes only the
     * ranking line gets one only from what the scenarios to come can spare after their own rounds.
     */
    private boolean moreRounds(Map<Step, List<Point>> reps, int done, double plannedSec, Progress progress) {
        var undecided = Rounds.undecided(reps);
        if (undecided == null) {
            return false;
        }
        if (!budget.allows(lastRoundSec, plannedSec, undecided.cell())) {
            progress.info(String.format(java.util.Locale.ROOT, "round %d: %s; no time left in the budget for more",
                    done + 1, undecided.why()));
            return false;
        }
        progress.info(String.format(java.util.Locale.ROOT, "round %d: %s after %d rounds", done + 1, undecided.why(), done));
        return true;
    }

    /**
     * A repetition flagged {@code interference} is measured once more, in its place: what took the CPU
     * is another process, not the mode, and comes at random (an idle portal instance at 12–14 % of a
     * core for one repetition, twice a map, after loadgen had seen every instance quiet). A second
     * flagged one is kept, flagged: the interference lasts, and the point says so.
     */
    static boolean measureAgain(Point rep) {
        return rep.interference() != null && rep.interference().flagged();
    }

    private Point runOne(Step step, ToolPlan tools, StepExecutor exec, Integer rate, String rep, int durationSec)
            throws InterruptedException {
        try {
            return exec.run(step, tools.tool(step.tool()), rate, rep, durationSec);
        } catch (RuntimeException e) {
            return Points.failed(step.level(), e.getMessage(), null, now());
        }
    }

    private static Point aggregate(Step step, List<Point> reps) {
        return Repetitions.aggregate(step.level(), reps, !ToolPlan.isOpenLoop(step.tool()), step.rttMs());
    }

    /** Before an instance's first step: health check, then warm-up when healthy. */
    private void prepare(Step step, ToolPlan tools, StepExecutor exec, Progress progress, RunRecorder recorder)
            throws InterruptedException {
        if (health.known(step.target())) {
            return;
        }
        budget.warmedUp(step.plan().warmupSec()); // its cap no longer to come, whether it warms up or not
        if (!health.check(step, tools, progress)) {
            return;
        }
        Target t = step.target();
        progress.info(String.format("%s: warm-up until steady (at most %d s), wrk at %d connections",
                t.instance().name(), step.plan().warmupSec(), step.plan().warmupConcurrency()));
        Run.Warmup w = exec.warmUp(step, tools.tool(ToolPlan.WRK));
        warmupSpentSec += w.seconds();
        recorder.warmup(w);
        String byWindow = w.goodput().stream().map(g -> g == null ? "–" : lab.report.Fmt.num(g))
                .collect(java.util.stream.Collectors.joining(", ", "[", "]"));
        progress.info(String.format(java.util.Locale.ROOT, "%s: %s after %.0f s (goodput by window %s)",
                w.instance(), w.steady() ? "steady" : "not steady yet, cap reached", w.seconds(), byWindow));
    }

    /**
     * Why this step cannot run (instance not healthy, link not set, no wrk peak to set a fixed
     * rate from) as its failed point, or null; puts the fixed-rate tool's rate in {@code rates}.
     */
    private Point unable(Step step, RunRecorder recorder, Map<Step, Integer> rates) {
        if (control.fairError(step.target()) != null) {
            return Points.failed(step.level(), control.fairError(step.target()), null, now());
        }
        HealthCheck.Status s = health.of(step.target());
        if (!s.answers()) {
            return Points.failed(step.level(), "instance not healthy at " + step.target().baseUrl()
                    + step.target().instance().healthPath() + ": " + s.detail(), null, now());
        }
        if (step.rttMs() != null && links.error() != null) {
            return Points.failed(step.level(), links.error(), null, now());
        }
        if (ToolPlan.isOpenLoop(step.tool())) {
            Point peak = recorder.find(step.target(), ToolPlan.WRK, step.level(), step.rttMs());
            if (peak == null || peak.requestsPerSec() == null || peak.requestsPerSec() < 1) {
                return Points.failed(step.level(), "no wrk peak at this level to set " + step.tool() + "'s rate from",
                        null, now());
            }
            rates.put(step, (int) Math.max(1, Math.round(peak.requestsPerSec() * config.wrk2Fraction())));
        }
        return null;
    }

    private static String now() {
        return OffsetDateTime.now(ZoneOffset.UTC).toString();
    }

    private void onCtrlC(Thread main, RunRecorder recorder) {
        interrupted = true;
        live.finish("interrupted", false); // the live page says so now; the report follows the loop's end
        runner.killAll();
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
