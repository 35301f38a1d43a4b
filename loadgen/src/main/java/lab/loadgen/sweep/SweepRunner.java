package lab.loadgen.sweep;

import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import lab.loadgen.config.Instance;
import lab.loadgen.metrics.HealthCheck;
import lab.report.load.ReportPage;
import lab.report.Spread;
import lab.report.results.Point;
import lab.report.results.Repetitions;
import lab.report.results.ProxyHop;
import lab.report.results.Run;
import lab.loadgen.live.LiveFeed;
import lab.loadgen.results.RunDirectory;
import lab.loadgen.tool.LoadTool;
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
    private final Map<Target, HealthCheck.Status> health = new HashMap<>();
    private volatile boolean interrupted;
    private String linkError;
    private final CountDownLatch loopDone = new CountDownLatch(1);
    private final LinkProbe linkProbe = new LinkProbe(lab.link.Toxiproxy.fromEnv());
    private Budget budget = new Budget(null, 0, 0, 0);
    /** The fair pass's targets whose instance was restarted fair; why one did not take, by target. */
    private final java.util.Set<Target> fairInForce = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final Map<Target, String> fairError = new java.util.concurrent.ConcurrentHashMap<>();
    private double lastRoundSec;
    /** The instances' warm-ups so far, in seconds: the budget charges them apart from the scenarios. */
    private double warmupSpentSec;
    /** live.json for the dashboard's live page; set when the run's folder exists. */
    private LiveFeed live;

    public SweepRunner(SweepConfig config, PrintStream out) {
        this.config = config;
        this.out = out;
    }

    public int run() {
        ToolPlan tools = new ToolPlan(config.tools());
        List<Step> steps = plan(tools);
        RunDirectory dir = RunDirectory.create(config.resultsDir(), config.profile().name(), ZonedDateTime.now());
        RunRecorder recorder = new RunRecorder(dir, runInfo(dir.id(), tools));
        recorder.save();
        live = new LiveFeed(dir.dir(), dir.id(), steps.size(), Math.round(plannedSec(steps)));
        out.printf("run %s: %d points, profile %s, tools %s -> %s%n", dir.id(), steps.size(),
                config.profile().name(), tools.runOrder(), dir.dir());
        out.printf("planned duration: %s (warm-ups, repetitions and pauses; link switches and start-up not counted)%n",
                Progress.clock(plannedSec(steps)));
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
            fairInForce.forEach(this::restartUnfair);
            if (movesLink && before.proxied()) {
                restoreLink(before);
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

    /** Every point's planned time plus each instance's warm-up (the fair pass warms its instance up again). */
    static double plannedSec(List<Step> steps) {
        return warmupsSec(steps) + steps.stream().mapToDouble(Step::plannedSec).sum();
    }

    /** Every instance's warm-up at its cap, once per instance. */
    static double warmupsSec(List<Step> steps) {
        return steps.stream().map(s -> s.target().instance().name() + "/" + s.target().instance().mode()
                        + "|" + s.plan().warmupSec())
                .distinct().mapToDouble(k -> Double.parseDouble(k.substring(k.indexOf('|') + 1))).sum();
    }

    private List<Step> plan(ToolPlan tools) {
        List<Step> steps = new ArrayList<>();
        config.targets().forEach((app, targets) -> {
            AppPlan plan = config.profile().plan(app);
            steps.addAll(config.order().steps(targets, plan, tools.runOrder(), config.seed()));
            if (app.equals(CEILING_APP) && tools.ceiling()) {
                Target ceiling = new Target(new Instance("portal-ceiling", CEILING_APP, ToolPlan.CEILING, 0, "-", "-", "-"),
                        "127.0.0.1");
                plan.levels().forEach(level -> steps.add(new Step(ceiling, plan, level, ToolPlan.CEILING)));
            }
        });
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("nothing to sweep: no instance matches the selected app and modes");
        }
        byLink(steps);
        // the fair pass last: one restart into the fair hand-off and one back
        List<Target> fair = config.fairPass().targets(config.targets());
        if (!fair.isEmpty()) {
            steps.addAll(config.order().steps(fair, config.profile().plan(FairPass.APP), tools.runOrder(), config.seed()));
        }
        return steps;
    }

    /**
     * The link is one for the whole lab: every app's scenarios at one round trip before the next, in
     * the order the plans list them (app by app, each app went through every link: the map changed the
     * link 8 times, not 4, and the portal's cells, first, spent the added rounds before the shop's came).
     * Steps without a link (the ceiling, profiles without round trips) leave the order as it is.
     */
    static void byLink(List<Step> steps) {
        if (steps.stream().anyMatch(s -> s.rttMs() == null)) {
            return;
        }
        List<Double> links = steps.stream().map(Step::rttMs).distinct().toList();
        steps.sort(java.util.Comparator.comparingInt(s -> links.indexOf(s.rttMs()))); // stable: apps keep their order
    }

    private Run runInfo(String id, ToolPlan tools) {
        List<Target> all = config.targets().values().stream().flatMap(List::stream).toList();
        List<String> hosts = all.stream().map(Target::host).distinct().toList();
        Map<String, Object> plan = new LinkedHashMap<>();
        List<Target> fair = config.fairPass().targets(config.targets());
        config.targets().forEach((app, targets) -> plan.put(app, Map.of(
                "settings", config.profile().plan(app),
                "modes", java.util.stream.Stream.concat(targets.stream(), fair.stream().filter(t -> t.instance().app().equals(app)))
                        .map(t -> t.instance().mode()).toList())));
        plan.put("wrk2Fraction", config.wrk2Fraction());
        plan.put("plannedSec", Math.round(plannedSec(plan(tools))));
        plan.put("seed", config.seed());
        String started = OffsetDateTime.now(ZoneOffset.UTC).toString();
        return new Run(id, started, null, config.profile().name(), MachineFacts.collect(all, config.shared()),
                "running", config.order().name().toLowerCase(java.util.Locale.ROOT), tools.info(), plan,
                notes(tools), null, null, lab.link.LabLink.current(lab.link.LinkFile.runDir()).toString(),
                hosts.size() == 1 && hosts.getFirst().equals("127.0.0.1") ? proxyHop() : null);
    }

    private List<String> notes(ToolPlan tools) {
        List<String> n = new ArrayList<>(tools.notes());
        n.addAll(config.notes());
        List<Target> fair = config.fairPass().targets(config.targets());
        if (!fair.isEmpty()) {
            n.add(config.fairPass().note(fair));
        }
        return n;
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
        awaitQuietMachine(progress);
        budget = new Budget(config.profile().budgetSec(), planned, warmupsSec(steps), scenarios.size());
        for (List<Step> scenario : scenarios) {
            if (interrupted) {
                return;
            }
            Step first = scenario.getFirst();
            if (FairPass.inPass(first) && !fairInForce.contains(first.target())) {
                fairInForce.add(first.target());
                restartFair(first.target(), progress);
                rttInForce = null; // a restart may have set the link again
                isolated = null;
            }
            if (!config.isolate().isEmpty() && !first.target().equals(isolated)) {
                isolate(first.target(), progress);
                isolated = first.target();
            }
            if (first.rttMs() != null && !first.rttMs().equals(rttInForce)) {
                rttInForce = switchLink(first, progress, recorder);
            }
            long started = System.nanoTime();
            double warmedBefore = warmupSpentSec;
            double addedRoundsSec = runScenario(scenario, tools, recorder, exec, progress, scenario == scenarios.getLast());
            budget.scenarioDone(scenario.stream().mapToDouble(Step::plannedSec).sum(),
                    (System.nanoTime() - started) / 1e9 - (warmupSpentSec - warmedBefore) - addedRoundsSec);
        }
    }

    /** The machine is quiet enough to start when its cores are busy less than this share of the time. */
    static final double QUIET_BUSY_SHARE = 0.25;
    /** ... waited for at most this long. */
    static final Duration QUIET_MAX = Duration.ofSeconds(90);
    private static final Duration QUIET_WINDOW = Duration.ofSeconds(2);

    /**
     * Before the first warm-up: right after make up the lab's JVMs may still be compiling their
     * start-up (its 1-minute load average reads 13–16 on two cores, an average that lags), and the
     * first instance warmed up would share the machine with eight others. Waits until the cores are less than {@link #QUIET_BUSY_SHARE} busy
     * over {@link #QUIET_WINDOW}, at most {@link #QUIET_MAX}; the console says how it went.
     */
    private void awaitQuietMachine(Progress progress) throws InterruptedException {
        Integer cores = lab.loadgen.metrics.ProcCpu.cores();
        long start = System.nanoTime();
        long deadline = start + QUIET_MAX.toNanos();
        Double busy = null;
        while (cores != null) {
            Double before = lab.loadgen.metrics.ProcCpu.machineBusySec();
            Thread.sleep(QUIET_WINDOW);
            Double after = lab.loadgen.metrics.ProcCpu.machineBusySec();
            if (before == null || after == null) {
                return;
            }
            busy = (after - before) / (QUIET_WINDOW.toMillis() / 1000.0) / cores;
            if (busy < QUIET_BUSY_SHARE || System.nanoTime() > deadline) {
                break;
            }
            if (System.nanoTime() - start < QUIET_WINDOW.toNanos() * 3 / 2) {
                progress.info(String.format(java.util.Locale.ROOT, "waiting for a quiet machine: its %d cores %.0f %% busy "
                        + "(the lab's JVMs still compiling their start-up?), at most %d s", cores, busy * 100, QUIET_MAX.toSeconds()));
            }
        }
        long waited = (System.nanoTime() - start) / 1_000_000_000L;
        if (busy != null && busy >= QUIET_BUSY_SHARE) {
            progress.info(String.format(java.util.Locale.ROOT, "the machine is still %.0f %% busy after %d s; starting anyway",
                    busy * 100, waited));
        } else if (waited > QUIET_WINDOW.toSeconds()) {
            progress.info(String.format(java.util.Locale.ROOT, "quiet after %d s", waited));
        }
    }

    /**
     * The profile's time limit, shared out: a scenario may add a round while the time left, less what
     * the scenarios still to come will take, leaves it a fair share at least one round long. What is to
     * come is its plan scaled by the overrun measured so far: a scenario's planned part (its repetitions,
     * point warm-ups and pauses) also starts wrk, scrapes, waits for idle instances and probes the link,
     * which the plan does not count (the map took 28 min for 24 planned while every scenario kept adding
     * rounds).
     */
    static final class Budget {
        /** The share of a round kept back for each scenario still to come. */
        static final double RESERVE_ROUNDS_PER_SCENARIO = 0.5;
        /**
         * ... and for a round that can change only a cell's ranking line: the rounds that may change a
         * cell's answer come first, whichever scenario they are in.
         */
        static final double RANKING_RESERVE_ROUNDS_PER_SCENARIO = 2.0;
        private final Integer limitSec;
        private final long start = System.nanoTime();
        private double plannedLeftSec;
        private double warmupsLeftSec;
        private int scenariosLeft;
        /** The scenario running now: its slow points' longer repetitions, beyond its plan. */
        private double stretchedSec;
        private double plannedDoneSec;
        private double tookDoneSec;

        /**
         * {@code plannedSec}: the scenarios' planned parts; {@code warmupsSec}: every instance's warm-up at
         * its cap, each charged until {@link #warmedUp}.
         */
        Budget(Integer limitSec, double plannedSec, double warmupsSec, int scenarios) {
            this.limitSec = limitSec;
            this.plannedLeftSec = plannedSec;
            this.warmupsLeftSec = warmupsSec;
            this.scenariosLeft = scenarios;
        }

        /**
         * How many times its plan a scenario's planned part has taken so far (at least 1; 1 before the
         * first): its added rounds and its instances' warm-ups left out, they are charged apart.
         */
        double overrun() {
            return plannedDoneSec > 0 ? Math.max(1, tookDoneSec / plannedDoneSec) : 1;
        }

        /**
         * Whether one more round of {@code roundSec} fits: the time left beyond what is to come, less half a
         * round kept for each scenario still to come (for its rounds and its slow points' longer
         * repetitions). An equal share per scenario (the rule before) gave the map's first scenarios about
         * 8 s each, never a round, so the cells that needed rounds most (0 ms and lan, where the modes are
         * closest) never got one. A round that can change only the cell's ranking line ({@code cell} false)
         * keeps back {@link #RANKING_RESERVE_ROUNDS_PER_SCENARIO} instead.
         */
        boolean allows(double roundSec, double thisScenarioPlannedSec, boolean cell) {
            return allows(roundSec, thisScenarioPlannedSec, elapsedSec(),
                    cell ? RESERVE_ROUNDS_PER_SCENARIO : RANKING_RESERVE_ROUNDS_PER_SCENARIO);
        }

        /** ... when {@code elapsedSec} of the run have passed, keeping back {@code reserveRounds} of a round for each scenario to come. */
        boolean allows(double roundSec, double thisScenarioPlannedSec, double elapsedSec, double reserveRounds) {
            if (limitSec == null) {
                return true;
            }
            double toCome = overrun() * (plannedLeftSec - thisScenarioPlannedSec) + warmupsLeftSec;
            double slack = limitSec - elapsedSec - toCome;
            return slack - reserveRounds * roundSec * Math.max(0, scenariosLeft - 1) >= roundSec;
        }

        /**
         * The repetition length a slow point gets ({@code wantedSec}, else as much more than the plan's as
         * the time left beyond what is to come pays for its {@code repetitions}, and never less than half
         * of what it wants), its extra time charged to its scenario so that later rounds see it.
         */
        int stretch(int wantedSec, int planSec, int repetitions) {
            if (wantedSec <= planSec || limitSec == null) {
                return Math.max(wantedSec, planSec);
            }
            // half of what it wants is about two mean replies a connection, whatever the budget: shorter, a
            // repetition reads the goodput low (jdbc at 78 ms and 200 connections, a reply 1.9 s, got 3 s
            // repetitions: about one reply a connection, a third of its goodput lost to the start)
            int floor = Math.max(planSec, (wantedSec + 1) / 2);
            double slack = limitSec - elapsedSec() - overrun() * plannedLeftSec - stretchedSec - warmupsLeftSec;
            int sec = (int) Math.max(floor, Math.min(wantedSec, planSec + Math.max(0, Math.floor(slack / repetitions))));
            stretchedSec += (double) (sec - planSec) * repetitions;
            return sec;
        }

        /** The time a run still needs: expected, and at most (its budget's end; null without a budget). */
        record ToCome(double expectedSec, Double atMostSec) {
        }

        /**
         * The time to come once the running scenario (planned {@code thisScenarioPlannedSec}) ends: the
         * planned parts left, times the overrun so far, and the warm-ups still to come. A scenario's points
         * are printed together at its end, after its instances' warm-ups: the share of the plan done, set
         * against the time elapsed (the rule before), gave the map's first point an ETA of 5:10:39, its
         * fifth 58:38, for a run of 26 minutes.
         */
        ToCome toCome(double thisScenarioPlannedSec) {
            double expected = Math.max(0, overrun() * (plannedLeftSec - thisScenarioPlannedSec) + warmupsLeftSec);
            Double atMost = limitSec == null ? null : Math.max(expected, limitSec - elapsedSec());
            return new ToCome(expected, atMost);
        }

        /** An instance's warm-up ran: its cap is no longer to come. */
        void warmedUp(double capSec) {
            warmupsLeftSec = Math.max(0, warmupsLeftSec - capSec);
        }

        /**
         * A scenario ended: {@code plannedSec} its plan, {@code tookSec} what its planned part took (its
         * added rounds and warm-ups left out).
         */
        void scenarioDone(double plannedSec, double tookSec) {
            plannedLeftSec -= plannedSec;
            plannedDoneSec += plannedSec + stretchedSec;
            tookDoneSec += tookSec;
            stretchedSec = 0;
            scenariosLeft--;
        }

        private double elapsedSec() {
            return (System.nanoTime() - start) / 1e9;
        }
    }

    private static void awaitIdle(StepExecutor exec, Step step, Progress progress) throws InterruptedException {
        awaitIdle(exec, step, progress, StepExecutor.IDLE_MAX);
    }

    /** Whether the instance was seen idle within {@code max}; the console says when it was not. */
    private static boolean awaitIdle(StepExecutor exec, Step step, Progress progress, Duration max) throws InterruptedException {
        if (exec.awaitIdle(step, Duration.ofMillis((long) (step.plan().pauseSec() * 1000)), max)) {
            return true;
        }
        progress.info(String.format(java.util.Locale.ROOT, "%s: still busy %d s after its load stopped "
                + "(requests of closed connections): what it measures next may start on that backlog",
                step.label(), max.toSeconds()));
        return false;
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
        running.forEach(step -> linkRtt.put(step, probe(step)));
        try {
            for (Step step : running) {
                StepExecutor.PointWarmup w = exec.warmUpPoint(step, tools.tool(step.tool()), rates.get(step));
                w.profiles().forEach(recorder::profile);
                awaitIdle(exec, step, progress); // the warm-up's own requests must not open the first repetition
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
                    awaitIdle(exec, step, progress);
                    if (measureAgain(rep)) {
                        progress.info(String.format(java.util.Locale.ROOT, "%s round %d: other processes took %.0f %% of a "
                                + "core it could have used; measured again (the first in raw/)", step.label(), r,
                                rep.interference().otherPct()));
                        rep = runOne(step, tools, exec, rates.get(step), r + "-again", sec);
                        awaitIdle(exec, step, progress);
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
            if (awaitIdle(exec, step, progress, endWait)) {
                linkRtt.get(step).addAll(probe(step)); // through a busy instance's proxy it would read its backlog
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

    /** The proxy hop through the first measured instance's first proxy, before any load (null without proxies). */
    private ProxyHop proxyHop() {
        return config.targets().values().stream().flatMap(List::stream).findFirst()
                .flatMap(t -> linkProbe.hop(t.instance().name())).orElse(null);
    }

    /** The link's round trip at rest through the step's instance's proxy (none without proxies). */
    private List<Double> probe(Step step) {
        List<Double> ms = new ArrayList<>();
        if (!step.tool().equals(ToolPlan.CEILING)) {
            linkProbe.measure(step.target().instance().name()).ifPresent(ms::add);
        }
        return ms;
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

    /** ISOLATE=1: only this instance keeps running; it is warmed up again (it may have been restarted). */
    private void isolate(Target t, Progress progress) throws InterruptedException {
        List<String> cmd = new ArrayList<>(config.isolate());
        cmd.add(t.instance().name());
        progress.info("isolate: " + String.join(" ", cmd));
        ProcessRunner.Outcome o = runner.run(List.of(cmd), Duration.ofMinutes(5));
        if (!o.succeeded()) {
            progress.info("isolate: " + failure(o));
        }
        health.remove(t);
    }

    /**
     * The fair pass: restarts the instance with the fair hand-off and checks its page's threads; when
     * either fails, the pass's steps of that target are recorded as failed with the reason.
     */
    private void restartFair(Target t, Progress progress) throws InterruptedException {
        List<String> cmd = config.fairPass().restart(FairPass.FAIR, t);
        progress.info("fair pass: " + String.join(" ", cmd));
        ProcessRunner.Outcome o = runner.run(List.of(cmd), Duration.ofMinutes(5));
        if (!o.succeeded()) {
            fairError.put(t, "could not restart " + t.instance().name() + " with the fair hand-off ("
                    + String.join(" ", cmd) + "): " + failure(o));
        } else {
            String why = FairPass.notFair(page(t));
            if (why != null) {
                fairError.put(t, t.instance().name() + " did not come back with the fair hand-off: " + why);
            }
        }
        progress.info("fair pass: " + fairError.getOrDefault(t, t.instance().name() + " serves its page on the fair pool's threads"));
    }

    /** After the pass (or Ctrl-C): the instance back on the unfair hand-off, as the lab runs it. */
    private void restartUnfair(Target t) {
        List<String> cmd = config.fairPass().restart(FairPass.UNFAIR, t);
        try {
            ProcessRunner.Outcome o = new ProcessRunner().run(List.of(cmd), Duration.ofMinutes(5));
            if (!o.succeeded()) {
                out.printf("warning: could not restart %s with the unfair hand-off (%s): %s%n", t.instance().name(),
                        String.join(" ", cmd), failure(o));
            } else {
                out.printf("fair pass: %s back on the unfair hand-off%n", t.instance().name());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            out.printf("warning: interrupted while restarting %s unfair: '%s'%n", t.instance().name(), String.join(" ", cmd));
        }
    }

    /** Why a lab command failed: timed out, or its exit status and the last line it printed. */
    private static String failure(ProcessRunner.Outcome o) {
        if (o.timedOut()) {
            return "timed out";
        }
        String last = o.outputs().getFirst().strip().lines().reduce((a, b) -> b).orElse("no output");
        return "exit status " + o.exitCodes().getFirst() + ": " + last;
    }

    /** The instance's page, or "" when it does not answer. */
    private String page(Target t) throws InterruptedException {
        try {
            java.net.http.HttpResponse<String> r = http.send(java.net.http.HttpRequest.newBuilder(URI.create(t.loadUrl()))
                    .timeout(Duration.ofSeconds(30)).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            return r.body();
        } catch (java.io.IOException e) {
            return "";
        }
    }

    private void restoreLink(lab.link.Link before) {
        try {
            config.link().setRttMs(before.rttMs());
            out.printf("link: back to %s, as before the run%n", before);
        } catch (Exception e) {
            out.printf("warning: could not put the link back to %s (%s): 'make link LINK=%s'%n", before, e.getMessage(), before.name());
        }
    }

    /**
     * Puts the step's RTT in force and records what its calibration measured, if any; returns it, or
     * null when that failed (the steps then record why).
     */
    private Double switchLink(Step step, Progress progress, RunRecorder recorder) {
        try {
            config.link().setRttMs(step.rttMs());
            linkError = null;
            Map<String, Double> calibrated = config.link().calibrated();
            if (!calibrated.isEmpty()) {
                recorder.linkCalibration(new Run.LinkCalibrated(step.rttMs(), calibrated));
            }
            progress.info(String.format(java.util.Locale.ROOT, "link: RTT %s ms in force", step.rttMs()));
            return step.rttMs();
        } catch (Exception e) {
            linkError = "could not set the link to " + step.rttMs() + " ms RTT: " + e.getMessage();
            progress.info(linkError);
            return null;
        }
    }

    /** Before an instance's first step: health check, then warm-up when healthy. */
    private void prepare(Step step, ToolPlan tools, StepExecutor exec, Progress progress, RunRecorder recorder)
            throws InterruptedException {
        if (health.containsKey(step.target())) {
            return;
        }
        budget.warmedUp(step.plan().warmupSec()); // its cap no longer to come, whether it warms up or not
        if (!checkHealth(step, tools, progress)) {
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
     * The health check before an instance's first step, kept in {@link #health}; whether it is to be
     * warmed up (it answers, and the plan warms up with wrk).
     */
    private boolean checkHealth(Step step, ToolPlan tools, Progress progress) {
        Target t = step.target();
        if (step.tool().equals(ToolPlan.CEILING)) {
            health.put(t, new HealthCheck.Status(true, "the ceiling runs in a child JVM of loadgen"));
            return false;
        }
        if (fairError.containsKey(t)) {
            health.put(t, new HealthCheck.Status(true, "not measured: " + fairError.get(t)));
            return false; // its steps record why; no warm-up of an instance that is not fair
        }
        URI uri = URI.create(t.baseUrl() + t.instance().healthPath());
        HealthCheck.Status s = HealthCheck.check(http, uri, Duration.ofSeconds(3));
        health.put(t, s);
        if (!s.answers()) {
            progress.info(t.instance().name() + ": no answer at " + uri + " (" + s.detail() + "); its steps are recorded as failed");
            return false;
        }
        if (!s.up()) {
            // an instance that answers but reports a source down is measured all the same: what it
            // serves then is part of the answer, and its failures count as errors, never as throughput
            progress.info(t.instance().name() + ": reports " + s.detail() + " at " + uri + "; measured anyway");
        }
        return step.plan().warmupSec() > 0 && tools.tool(ToolPlan.WRK) != null;
    }

    /**
     * Why this step cannot run (instance not healthy, link not set, no wrk peak to set a fixed
     * rate from) as its failed point, or null; puts the fixed-rate tool's rate in {@code rates}.
     */
    private Point unable(Step step, RunRecorder recorder, Map<Step, Integer> rates) {
        if (fairError.containsKey(step.target())) {
            return Points.failed(step.level(), fairError.get(step.target()), null, now());
        }
        HealthCheck.Status s = health.get(step.target());
        if (!s.answers()) {
            return Points.failed(step.level(), "instance not healthy at " + step.target().baseUrl()
                    + step.target().instance().healthPath() + ": " + s.detail(), null, now());
        }
        if (step.rttMs() != null && linkError != null) {
            return Points.failed(step.level(), linkError, null, now());
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
