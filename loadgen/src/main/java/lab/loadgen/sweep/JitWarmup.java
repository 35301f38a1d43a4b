package lab.loadgen.sweep;

import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import lab.loadgen.config.LabPort;
import lab.loadgen.live.WarmupState;
import lab.loadgen.metrics.HealthCheck;
import lab.loadgen.tool.LoadTool;
import lab.loadgen.tool.ProcessRunner;
import lab.loadgen.tool.ToolRequest;

/**
 * make up's warm-up: each instance in turn under a light closed loop until it is steady by the
 * sweep's own rule ({@link PointRunner#steady}: two windows of wrk agree on goodput and its JIT
 * compiler was quiet in the last), so that the first load test after a start measures compiled code.
 * A cold portal compiles for 60–90 s under load on two cores: its request path (the servlet, the
 * filters, the valves) is compiled at the top tier only after some 15,000 requests, each a big
 * compile. The sweep's own warm-up (at most 45 s per instance, within the map's 25 minutes) left the
 * first map after {@code make up} with six points still rising (portal-reactive at 200 connections
 * and lan: 884, 1,092, 1,406 successes/s), while a second map on the same JVMs had none. All
 * instances at once under a light load do not do it: each serves too few requests to reach the
 * thresholds, and their compilers share the cores. No point is measured or recorded.
 */
public final class JitWarmup {

    private static final int WINDOW_SEC = UntilSteady.WINDOW_SEC;
    /**
     * Connections: few runnable request threads leave the JIT's compiler threads more of the cores (a
     * cold portal-jdbc was steady after 85 s at 8 connections, serving 785/s, and still compiling after
     * 72 s at the map's 50, serving 450/s), and 8 still reach the compile thresholds in seconds.
     */
    static final int CONNECTIONS = 8;
    /** make up's cap per instance (WARM's default), and the maps' before their first point. */
    public static final int CAP_SEC = 90;

    /** One instance's warm-up: how long, whether it got steady, and why not where it did not. */
    public record Outcome(String instance, double seconds, boolean steady, String why) {
    }

    private final HttpClient http;
    private final ProcessRunner runner;
    private final LoadTool wrk;
    private final PrintStream out;
    /** Where its state goes for the dashboard ({@link WarmupState}), or null. */
    private final java.nio.file.Path resultsDir;
    private final Focus focus;
    private final long startedMs = System.currentTimeMillis();
    private final List<WarmupState.Instance> states = new ArrayList<>();
    private int planned;

    /** @param labPort where the lab freezes every other instance while one warms up ({@link Focus}); null: none is */
    public JitWarmup(HttpClient http, ProcessRunner runner, LoadTool wrk, PrintStream out, java.nio.file.Path resultsDir,
                     LabPort labPort) {
        this.focus = labPort == null ? Focus.NONE : new Focus(labPort, out, resultsDir);
        this.http = http;
        this.runner = runner;
        this.wrk = wrk;
        this.out = out;
        this.resultsDir = resultsDir;
    }

    /** Warms each target up in turn, at most {@code capSec} each; one outcome per target. */
    public List<Outcome> run(List<Target> targets, int capSec) throws InterruptedException {
        List<Outcome> outcomes = new ArrayList<>();
        planned = targets.size();
        // make down (or make up again) stops it with SIGTERM: the dashboard then says so at once, not after a minute's silence
        Thread stopped = new Thread(this::stopped, "warm-up stopped");
        Runtime.getRuntime().addShutdownHook(stopped);
        try {
            for (Target t : targets) {
                focus.on(t); // alone: its compiler threads get the cores, and no idle JVM's collections share them
                Outcome o = warm(t, capSec, focus.freezes());
                outcomes.add(o);
                state(o.instance(), o.steady() ? "steady" : o.seconds() == 0 ? "no answer" : "not steady", o.seconds(), null);
            }
        } finally {
            focus.release();
        }
        save(true);
        Runtime.getRuntime().removeShutdownHook(stopped);
        return outcomes;
    }

    /** The instance warming now, if any, marked "stopped". */
    private synchronized void stopped() {
        states.replaceAll(i -> i.state().equals("warming") ? new WarmupState.Instance(i.name(), "stopped", i.seconds(), i.goodput()) : i);
        save(false);
    }

    /** The instance's state for the dashboard: replaces its entry, or adds it. */
    private synchronized void state(String name, String state, double seconds, Double goodput) {
        states.removeIf(i -> i.name().equals(name));
        states.add(new WarmupState.Instance(name, state, Math.round(seconds), goodput));
        save(false);
    }

    private synchronized void save(boolean done) {
        if (resultsDir == null) {
            return;
        }
        try {
            new WarmupState(startedMs, System.currentTimeMillis(), planned, done, List.copyOf(states)).write(resultsDir);
        } catch (RuntimeException e) {
            out.println("warm-up: its state for the dashboard not written: " + e.getMessage());
        }
    }

    /** @param thawed the instance may just have been thawed: its health is asked again for a while ({@link InstanceHealth#check}) */
    private Outcome warm(Target t, int capSec, boolean thawed) throws InterruptedException {
        String name = t.instance().name();
        int connections = Math.min(CONNECTIONS, Profile.named(Profile.DEFAULT).plan(t.instance().app()).warmupConcurrency());
        HealthCheck.Status s = InstanceHealth.check(http, URI.create(t.baseUrl() + t.instance().healthPath()), thawed);
        if (!s.answers()) {
            return new Outcome(name, 0, false, "no answer (" + s.detail() + ")");
        }
        state(name, "warming", 0, null);
        var w = UntilSteady.run(http, runner, wrk, t, new ToolRequest(t.host(), t.instance().port(),
                t.instance().loadUri(), connections, WINDOW_SEC, 1, 5, null, 1), capSec,
                (n, commands, o, goodput, compileMs, sec) -> {
                    out.printf(Locale.ROOT, "warm-up %-20s %3.0f s: %s/s, JIT %s%n",
                            name, sec, goodput == null ? "–" : lab.report.Fmt.num(goodput),
                            compileMs == null ? "–" : String.format(Locale.ROOT, "%.1f s", compileMs / 1000));
                    state(name, "warming", sec, goodput);
                });
        return new Outcome(name, w.seconds(), w.steady(), w.steady() ? null : "not steady yet after " + capSec + " s (the cap)");
    }
}
