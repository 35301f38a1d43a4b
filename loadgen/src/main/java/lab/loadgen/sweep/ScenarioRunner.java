package lab.loadgen.sweep;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import lab.loadgen.metrics.HealthCheck;
import lab.report.Spread;
import lab.report.results.Point;
import lab.report.results.Repetitions;
import lab.report.results.Run;

/**
 * The sweep's rounds: one scenario (app, link, level, tool) at a time, every mode's point with its
 * repetitions in Williams rounds ({@link Rounds#williams}), 3 to 7, more while the cell is not
 * settled and the budget allows; each point recorded when all its rounds ran. Before an instance's
 * first point: its health check and its warm-up. {@link SweepRunner} decides which scenario comes
 * next and what the lab must do before it.
 */
final class ScenarioRunner {

    private final SweepConfig config;
    private final ToolPlan tools;
    private final RunRecorder recorder;
    private final PointRunner exec;
    private final Progress progress;
    private final InstanceHealth health;
    private final SweepLinks links;
    private final LabControl control;
    private final Budget budget;
    private final BooleanSupplier interrupted;
    private double lastRoundSec;
    /** The instances' warm-ups so far, in seconds: the budget charges them apart from the scenarios. */
    private double warmupSpentSec;

    ScenarioRunner(SweepConfig config, ToolPlan tools, RunRecorder recorder, PointRunner exec, Progress progress,
                   InstanceHealth health, SweepLinks links, LabControl control, Budget budget, BooleanSupplier interrupted) {
        this.config = config;
        this.tools = tools;
        this.recorder = recorder;
        this.exec = exec;
        this.progress = progress;
        this.health = health;
        this.links = links;
        this.control = control;
        this.budget = budget;
        this.interrupted = interrupted;
    }

    /** Runs a scenario and charges the budget with what it took, its warm-ups and added rounds apart. */
    void runAndCharge(List<PlannedPoint> scenario, boolean last) throws InterruptedException {
        long started = System.nanoTime();
        double warmedBefore = warmupSpentSec;
        double addedRoundsSec = run(scenario, last);
        budget.scenarioDone(scenario.stream().mapToDouble(PlannedPoint::plannedSec).sum(),
                (System.nanoTime() - started) / 1e9 - (warmupSpentSec - warmedBefore) - addedRoundsSec);
    }

    /**
     * One scenario: every mode's point, its repetitions in Williams rounds, 3 to 7; each point recorded
     * when all its rounds ran. Returns the seconds its rounds beyond the plan's took.
     */
    private double run(List<PlannedPoint> scenario, boolean last) throws InterruptedException {
        Map<PlannedPoint, Integer> rates = new LinkedHashMap<>();
        Map<PlannedPoint, Point> failed = new LinkedHashMap<>();
        Map<PlannedPoint, List<Point>> reps = new LinkedHashMap<>();
        for (PlannedPoint planned : scenario) {
            prepare(planned);
            Point unable = unable(planned, rates);
            if (unable != null) {
                failed.put(planned, unable);
            } else {
                reps.put(planned, new ArrayList<>());
            }
        }
        List<PlannedPoint> running = List.copyOf(reps.keySet());
        int rounds = running.isEmpty() ? 0 : running.getFirst().plan().repetitions();
        double addedSec = 0;
        Map<PlannedPoint, List<Double>> linkRtt = new LinkedHashMap<>();
        double plannedSec = scenario.stream().mapToDouble(PlannedPoint::plannedSec).sum();
        Map<PlannedPoint, Integer> repSec = new LinkedHashMap<>();
        running.forEach(planned -> linkRtt.put(planned, new ArrayList<>()));
        List<PlannedPoint> idle = new ArrayList<>();
        try {
            for (PlannedPoint planned : running) {
                PointRunner.PointWarmup w = exec.warmUpPoint(planned, tools.tool(planned.tool()), rates.get(planned));
                w.profiles().forEach(recorder::profile);
                // the warm-up's own requests must not open the first repetition
                if (QuietMachine.awaitIdle(exec, planned, progress, QuietMachine.IDLE_MAX)) {
                    idle.add(planned);
                }
                int plan = planned.plan().durationSec();
                int sec = budget.stretch(w.repetitionSec(), plan, planned.plan().repetitions());
                repSec.put(planned, sec);
                if (w.repetitionSec() > plan) {
                    progress.info(String.format(java.util.Locale.ROOT, "%s: replies take long here; repetitions of %d s%s",
                            planned.label(), sec, sec < w.repetitionSec() ? " (" + w.repetitionSec() + " wanted; the budget allows no more)" : ""));
                }
            }
            // the link at rest before the first round: every warm-up done, the instance and the last one warmed up seen idle
            if (!running.isEmpty() && idle.contains(running.getLast())) {
                idle.forEach(planned -> linkRtt.get(planned).addAll(links.probe(planned)));
            }
            int max = running.isEmpty() ? 0 : running.getFirst().plan().maxRepetitions();
            for (int r = 1; r <= max && !interrupted.getAsBoolean(); r++) {
                if (r > rounds && !moreRounds(reps, r - 1, plannedSec)) {
                    break;
                }

                long roundStart = System.nanoTime();
                List<PlannedPoint> order = Rounds.williams(running, r - 1);
                if (running.size() > 1) {
                    recorder.round(order.getFirst(), r, order.stream().map(s -> s.target().instance().mode()).toList());
                }
                for (PlannedPoint planned : order) {
                    int sec = repSec.getOrDefault(planned, planned.plan().durationSec());
                    Point rep = runOne(planned, rates.get(planned), Integer.toString(r), sec);
                    QuietMachine.awaitIdle(exec, planned, progress);
                    if (measureAgain(rep)) {
                        progress.info(String.format(java.util.Locale.ROOT, "%s round %d: other processes took %.0f %% of a "
                                + "core it could have used; measured again (the first in raw/)", planned.label(), r,
                                rep.interference().otherPct()));
                        rep = runOne(planned, rates.get(planned), r + "-again", sec);
                        QuietMachine.awaitIdle(exec, planned, progress);
                    }
                    reps.get(planned).add(rep);
                }
                lastRoundSec = (System.nanoTime() - roundStart) / 1e9;
                if (r > rounds) {
                    addedSec += lastRoundSec;
                }
            }
        } catch (InterruptedException e) {
            reps.forEach((planned, done) -> recorder.add(planned, done.isEmpty()
                    ? Points.failed(planned.level(), "interrupted (Ctrl-C) while running", null, now()).withRttMs(planned.rttMs())
                    : aggregate(planned, done)));
            throw e;
        }
        // before the link changes: a backlog left here would be served at the next, slower link; after
        // the last scenario no link follows, so the usual wait will do
        Duration endWait = last ? QuietMachine.IDLE_MAX : QuietMachine.SCENARIO_IDLE_MAX;
        for (PlannedPoint planned : running) {
            if (QuietMachine.awaitIdle(exec, planned, progress, endWait)) {
                linkRtt.get(planned).addAll(links.probe(planned)); // through a busy instance's proxy it would read its backlog
            }
        }
        Budget.ToCome toCome = budget.toCome(plannedSec);
        for (PlannedPoint planned : scenario) {
            Point p = failed.containsKey(planned) ? failed.get(planned) : aggregate(planned, reps.get(planned));
            if (!failed.containsKey(planned)) {
                Spread rtt = Spread.of(linkRtt.get(planned));
                p = p.withLinkRtt(rtt == null ? null : rtt.median(), rtt == null ? SweepLinks.whyNoProbe(planned) : null,
                        RoundTrips.perPage(planned.target().instance(), p.multiplexing()));
            }
            if (planned.rttMs() != null && p.rttMs() == null) {
                p = p.withRttMs(planned.rttMs());
            }
            recorder.add(planned, p);
            progress.planned(planned, p, toCome);
        }
        return addedSec;
    }

    /**
     * Whether a scenario that ran {@code done} rounds gets one more: its cell is not settled
     * ({@link Rounds#undecided}: a mode against jdbc still tied, a point still trending, a wide tie
     * among the winners), and the budget leaves this scenario a round; a tie that changes only the
     * ranking line gets one only from what the scenarios to come can spare after their own rounds.
     */
    private boolean moreRounds(Map<PlannedPoint, List<Point>> reps, int done, double plannedSec) {
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

    private Point runOne(PlannedPoint planned, Integer rate, String rep, int durationSec)
            throws InterruptedException {
        try {
            return exec.run(planned, tools.tool(planned.tool()), rate, rep, durationSec);
        } catch (RuntimeException e) {
            return Points.failed(planned.level(), e.getMessage(), null, now());
        }
    }

    private static Point aggregate(PlannedPoint planned, List<Point> reps) {
        return Repetitions.aggregate(planned.level(), reps, !ToolPlan.isOpenLoop(planned.tool()), planned.rttMs());
    }

    /** Before an instance's first point: health check, then warm-up when healthy. */
    private void prepare(PlannedPoint planned) throws InterruptedException {
        if (health.known(planned.target())) {
            return;
        }
        budget.warmedUp(planned.plan().warmupSec()); // its cap no longer to come, whether it warms up or not
        if (!health.check(planned, tools, progress)) {
            return;
        }
        Target t = planned.target();
        int jitSec = config.profile().jitWarmupSec();
        if (jitSec > 0) {
            progress.info(String.format("%s: warm-up until its JIT is done (at most %d s, alone), wrk at %d connections",
                    t.instance().name(), jitSec, Math.min(JitWarmup.CONNECTIONS, planned.plan().warmupConcurrency())));
            warmedUp(exec.jitWarmUp(planned, tools.tool(ToolPlan.WRK), jitSec));
        }
        progress.info(String.format("%s: warm-up until steady (at most %d s), wrk at %d connections",
                t.instance().name(), planned.plan().warmupSec(), planned.plan().warmupConcurrency()));
        warmedUp(exec.warmUp(planned, tools.tool(ToolPlan.WRK)));
    }

    private void warmedUp(Run.Warmup w) {
        warmupSpentSec += w.seconds();
        recorder.warmup(w);
        String byWindow = w.goodput().stream().map(g -> g == null ? "–" : lab.report.Fmt.num(g))
                .collect(java.util.stream.Collectors.joining(", ", "[", "]"));
        progress.info(String.format(java.util.Locale.ROOT, "%s: %s after %.0f s (goodput by window %s)",
                w.instance(), w.steady() ? "steady" : "not steady yet, cap reached", w.seconds(), byWindow));
    }

    /**
     * Why this point cannot run (instance not healthy, link not set, no wrk peak to set a fixed
     * rate from) as its failed point, or null; puts the fixed-rate tool's rate in {@code rates}.
     */
    private Point unable(PlannedPoint planned, Map<PlannedPoint, Integer> rates) {
        if (control.fairError(planned.target()) != null) {
            return Points.failed(planned.level(), control.fairError(planned.target()), null, now());
        }
        HealthCheck.Status s = health.of(planned.target());
        if (!s.answers()) {
            return Points.failed(planned.level(), "instance not healthy at " + planned.target().baseUrl()
                    + planned.target().instance().healthPath() + ": " + s.detail(), null, now());
        }
        if (planned.rttMs() != null && links.error() != null) {
            return Points.failed(planned.level(), links.error(), null, now());
        }
        if (ToolPlan.isOpenLoop(planned.tool())) {
            Point peak = recorder.find(planned.target(), ToolPlan.WRK, planned.level(), planned.rttMs());
            if (peak == null || peak.requestsPerSec() == null || peak.requestsPerSec() < 1) {
                return Points.failed(planned.level(), "no wrk peak at this level to set " + planned.tool() + "'s rate from",
                        null, now());
            }
            rates.put(planned, (int) Math.max(1, Math.round(peak.requestsPerSec() * config.wrk2Fraction())));
        }
        return null;
    }

    static String now() {
        return OffsetDateTime.now(ZoneOffset.UTC).toString();
    }
}
