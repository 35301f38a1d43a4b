package lab.loadgen.sweep;

import java.time.Duration;
import java.util.Locale;

import lab.loadgen.metrics.InterferenceMeter;
import lab.loadgen.metrics.ProcCpu;
import lab.report.results.Interference;

/** The waits for quiet: the machine before a sweep's first warm-up, an instance before each repetition. */
final class QuietMachine {

    private QuietMachine() {
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
    static void await(Progress progress) throws InterruptedException {
        Integer cores = ProcCpu.cores();
        long start = System.nanoTime();
        long deadline = start + QUIET_MAX.toNanos();
        Double busy = null;
        while (cores != null) {
            Double before = ProcCpu.machineBusySec();
            Thread.sleep(QUIET_WINDOW);
            Double after = ProcCpu.machineBusySec();
            if (before == null || after == null) {
                return;
            }
            busy = (after - before) / (QUIET_WINDOW.toMillis() / 1000.0) / cores;
            if (busy < QUIET_BUSY_SHARE || System.nanoTime() > deadline) {
                break;
            }
            if (System.nanoTime() - start < QUIET_WINDOW.toNanos() * 3 / 2) {
                progress.info(String.format(Locale.ROOT, "waiting for a quiet machine: its %d cores %.0f %% busy "
                        + "(the lab's JVMs still compiling their start-up?), at most %d s", cores, busy * 100, QUIET_MAX.toSeconds()));
            }
        }
        long waited = (System.nanoTime() - start) / 1_000_000_000L;
        if (busy != null && busy >= QUIET_BUSY_SHARE) {
            progress.info(String.format(Locale.ROOT, "the machine is still %.0f %% busy after %d s; starting anyway",
                    busy * 100, waited));
        } else if (waited > QUIET_WINDOW.toSeconds()) {
            progress.info(String.format(Locale.ROOT, "quiet after %d s", waited));
        }
    }

    /** How long the machine's background is measured at rest, once, before the first point. */
    static final Duration BACKGROUND_WINDOW = Duration.ofSeconds(3);

    /**
     * The machine's background once it is quiet: what the lab's idle instances and the machine's own
     * processes take at rest ({@link InterferenceMeter#atRest}), in every repetition of every mode
     * alike; a repetition's {@code interference} flag counts only what others take beyond it
     * ({@link Interference#background}). The console says what it was.
     */
    static Double background(PointRunner exec, PlannedPoint first, Progress progress) throws InterruptedException {
        exec.focus(first.target());
        Double atRest = new InterferenceMeter(exec.pidsDir(), first.target().instance().name()).atRest(BACKGROUND_WINDOW);
        if (atRest != null) {
            progress.info(String.format(Locale.ROOT, "the machine's background at rest: %.1f %% of a core (%s); a repetition "
                    + "is flagged interference when others take more than %.0f %% of a core beyond %.1f %%", atRest,
                    atRestOf(exec.freezes()), Interference.LIMIT_PCT, Interference.background(atRest)));
        }
        return atRest;
    }

    /** What takes the CPU at rest: the other instances too, unless they are frozen. */
    private static String atRestOf(boolean othersFrozen) {
        return othersFrozen ? "the database servers, the proxy, the dashboard and the machine's own processes; the other instances frozen"
                : "the lab's idle instances, the database servers, the proxy and the machine's own processes";
    }

    /** The run's note on the background measured before its first point. */
    static String backgroundNote(Double atRestPct, boolean othersFrozen) {
        return atRestPct == null ? "The machine's background at rest could not be measured (no CPU accounting of the lab's parts)"
                : String.format(Locale.ROOT, "The machine's background at rest before the first point: %.1f %% of a core (%s)",
                        atRestPct, atRestOf(othersFrozen));
    }

    static void awaitIdle(PointRunner exec, PlannedPoint planned, Progress progress) throws InterruptedException {
        awaitIdle(exec, planned, progress, IDLE_MAX);
    }

    /** Whether the instance was seen idle within {@code max}; the console says when it was not. */
    static boolean awaitIdle(PointRunner exec, PlannedPoint planned, Progress progress, Duration max) throws InterruptedException {
        exec.focus(planned.target());
        if (instanceIdle(exec, planned, Duration.ofMillis((long) (planned.plan().pauseSec() * 1000)), max)) {
            return true;
        }
        progress.info(String.format(Locale.ROOT, "%s: still busy %d s after its load stopped "
                + "(requests of closed connections): what it measures next may start on that backlog",
                planned.label(), max.toSeconds()));
        return false;
    }

    /** The idle CPU of an instance between repetitions: below this share of one core. */
    static final double IDLE_CORES = 0.10;
    private static final Duration IDLE_POLL = Duration.ofMillis(100);
    /**
     * At most this long: a jdbc page at 78 ms still runs its queries ~1.3 s after its client left, and
     * the shop's jdbc mode, whose event loops run the queries, serves every request of a closed
     * connection first (1,000 of them at 20 ms: minutes).
     */
    static final Duration IDLE_MAX = Duration.ofSeconds(20);
    /** ... and at the end of a scenario, before the link changes, at most this long. */
    static final Duration SCENARIO_IDLE_MAX = Duration.ofSeconds(60);

    /**
     * The lab's other instances are quiet when together they used less than {@link #IDLE_CORES} of a
     * core over this long: an instance measured just before may still be compiling or collecting, and
     * its CPU then counts against the next repetition (three default maps: 2 to 3 repetitions flagged
     * {@code interference} each, another portal instance at 11-13 % of a core).
     */
    static final Duration OTHERS_WINDOW = Duration.ofMillis(250);
    /** ... waited for at most this long once the instance itself is idle; the repetition's meter then says what they took. */
    static final Duration OTHERS_MAX = Duration.ofSeconds(3);

    /**
     * After a repetition: waits until the instance serves no request any more (its gauge
     * {@code http_server_requests_in_flight} is 0: pages whose client has gone still hold the
     * databases; a metrics endpoint that does not answer is busy, not idle: an event loop blocked by
     * a query) and its own CPU is below {@link #IDLE_CORES} of a core over {@link #IDLE_POLL}
     * (from its group, else its PID file: {@link InterferenceMeter#usage}), at most {@code max},
     * and then until the lab's other instances are quiet too ({@link #OTHERS_WINDOW}, at most
     * {@link #OTHERS_MAX} more); with neither figure, the plan's fixed {@code pause}. Returns whether it saw the instance idle.
     */
    private static boolean instanceIdle(PointRunner exec, PlannedPoint planned, Duration pause, Duration max) throws InterruptedException {
        InterferenceMeter meter = new InterferenceMeter(exec.pidsDir(), planned.target().instance().name());
        boolean gauge = planned.target().instance().hasMetrics();
        InterferenceMeter.Usage usage = meter.usage();
        Double before = usage.instanceSec();
        if (before == null && !gauge) {
            Thread.sleep(pause);
            return true;
        }
        QuietWindow others = new QuietWindow(OTHERS_WINDOW, IDLE_CORES);
        if (usage.othersSec() != null) {
            others.add(System.nanoTime(), usage.othersSec());
        }
        long deadline = System.nanoTime() + max.toNanos();
        long othersDeadline = Long.MAX_VALUE;
        while (System.nanoTime() < deadline) {
            Thread.sleep(IDLE_POLL);
            usage = meter.usage();
            Double now = usage.instanceSec();
            boolean cpuIdle = now == null || before == null
                    || (now - before) / (IDLE_POLL.toMillis() / 1000.0) < IDLE_CORES;
            before = now;
            boolean othersQuiet = usage.othersSec() == null || others.add(System.nanoTime(), usage.othersSec());
            if (cpuIdle && (!gauge || isZero(inFlight(exec.http(), planned.target())))) {
                long t = System.nanoTime();
                othersDeadline = Math.min(othersDeadline, t + OTHERS_MAX.toNanos());
                if (othersQuiet || t >= othersDeadline) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isZero(Double inFlight) {
        return inFlight != null && inFlight == 0;
    }

    /** The instance's requests in flight now: 0 without a gauge, null when its metrics do not answer. */
    private static Double inFlight(java.net.http.HttpClient http, Target t) throws InterruptedException {
        var text = PointRunner.scrape(http, t);
        return text == null ? null : text.sum(lab.loadgen.metrics.MetricsSampler.IN_FLIGHT).orElse(0);
    }
}
