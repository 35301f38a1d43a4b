package lab.loadgen.sweep;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import lab.loadgen.metrics.InterferenceMeter;
import lab.loadgen.metrics.MetricsSampler;
import lab.loadgen.metrics.ServerMetrics;
import lab.loadgen.metrics.SpeedProbe;
import lab.report.results.Interference;
import lab.report.results.Point;
import lab.loadgen.results.RunDirectory;
import lab.loadgen.tool.LoadTool;
import lab.loadgen.tool.Measurement;
import lab.loadgen.live.LiveFeed;
import lab.loadgen.tool.ProcessRunner;
import lab.loadgen.tool.ToolRequest;

/** Runs a point's repetitions, one at a time: the tool, with the instance's metrics scraped meanwhile; saves the raw output; returns the repetition's {@code Point}. */
final class PointRunner {

    private static final Duration SCRAPE_EVERY = Duration.ofMillis(500);

    private final RunDirectory dir;
    private final ProcessRunner runner;
    private final HttpClient http;
    private final int cpus;
    private final java.nio.file.Path pidsDir;
    private final LiveFeed live;
    private final Focus focus;
    /** Others' CPU at rest before the first point ({@link QuietMachine#background}); null: not measured. */
    private volatile Double backgroundPct;

    PointRunner(RunDirectory dir, ProcessRunner runner, HttpClient http, int cpus, java.nio.file.Path pidsDir,
                 LiveFeed live, Focus focus) {
        this.live = live;
        this.focus = focus;
        this.dir = dir;
        this.runner = runner;
        this.http = http;
        this.cpus = cpus;
        this.pidsDir = pidsDir;
        SpeedProbe.warm(); // its loop compiled here, not inside the first measured repetition
    }

    ToolRequest request(PlannedPoint planned, Integer rate, int level, int durationSec) throws InterruptedException {
        Target t = planned.target();
        AppPlan p = planned.plan();
        return new ToolRequest(t.host(), t.instance().port(), t.instance().loadUri(), level, durationSec,
                p.callsPerConn(), timeoutSec(planned), rate, cpus);
    }

    /** The instance's own answer limit (lab_answer_limit_seconds), read once per instance; absent when it has none. */
    private final java.util.Map<String, java.util.OptionalDouble> answerLimits = new java.util.HashMap<>();

    /**
     * How long the tool waits for an answer: the instance's own answer limit and {@link #ANSWER_SLACK_SEC}
     * more, or the plan's timeout where that is longer or the limit cannot be read. What fails is then
     * the app's verdict (a 503, a page with a failed panel), never a page the tool stopped waiting
     * for while the app was still within its limit and went on spending its databases on it. The
     * map's former 5 s was below both apps' limits (the portal's 6–12 s, the shop's 10.5 s).
     */
    double timeoutSec(PlannedPoint planned) throws InterruptedException {
        String name = planned.target().instance().name();
        java.util.OptionalDouble limit = answerLimits.get(name);
        if (limit == null) {
            var text = scrape(http, planned.target());
            limit = text == null ? java.util.OptionalDouble.empty() : text.sum(MetricsSampler.ANSWER_LIMIT);
            if (text != null) {
                answerLimits.put(name, limit); // an instance that could not be read is asked again next time
            }
        }
        return limit.isPresent() ? Math.max(planned.plan().timeoutSec(), limit.getAsDouble() + ANSWER_SLACK_SEC)
                : planned.plan().timeoutSec();
    }

    /** What an answer at the limit may still take: the portal's join slack (1 s) and the trip back. */
    static final double ANSWER_SLACK_SEC = 1.5;

    /**
     * Runs one repetition of the point's tool; {@code rate} is wrk2's -R / oha's -q (null for the
     * others); {@code rep} names the repetition ("1", "2", "2-again", ...) in the raw file's name.
     */
    Point run(PlannedPoint planned, LoadTool tool, Integer rate, String rep, int durationSec) throws InterruptedException {
        focus(planned.target());
        String started = OffsetDateTime.now(ZoneOffset.UTC).toString();
        ToolRequest req = request(planned, rate, planned.level(), durationSec);
        List<List<String>> commands = tool.commands(req);
        measuring(planned, planned.tool(), "round " + rep);
        MetricsSampler sampler = sampler(planned.target());
        InterferenceMeter cpu = new InterferenceMeter(pidsDir, planned.target().instance().name()).beyond(backgroundPct);
        boolean scrape = planned.target().instance().hasMetrics();
        if (scrape) {
            sampler.start();
        }
        InterferenceMeter.Mark mark = cpu.start();
        ProcessRunner.Outcome out;
        ServerMetrics server;
        try {
            out = runner.run(commands, Duration.ofSeconds(planned.plan().stepLimitSec()));
        } finally {
            server = scrape ? sampler.stop() : new ServerMetrics(null, null, null, null, 0,
                    "no server of its own: the load tool ran the page's queries itself");
        }
        Interference interference = cpu.stop(mark, out.cpuSec());
        String label = planned.label() + "-r" + rep;
        String raw = dir.rawName(label);
        dir.writeRaw(label, RawOutput.format(commands, out));
        Measurement m = out.timedOut()
                ? Measurement.failed(tool.name() + " did not finish within " + planned.plan().stepLimitSec() + " s; killed")
                : tool.parse(out.outputs());
        Double cpuPct = out.cpuSec() == null ? null : out.cpuSec() / out.wallSec() * 100.0;
        return Points.of(new Points.RepetitionData(planned.level(), m, server, out, tool.saturation(req, m, cpuPct),
                rate, raw, started, interference, planned.rttMs(), cpus, tool.name().equals(ToolPlan.WRK)));
    }

    /**
     * An unrecorded run of the point's own tool and level, so its repetitions start from a settled
     * server; the app's CPU is profiled meanwhile (async-profiler, natively), so that every point has
     * a flame graph and its measured repetitions run unprofiled. Returns the point's profile (null
     * when there was no warm-up run) and the length its repetitions need ({@link #repetitionSec}).
     */
    PointWarmup warmUpPoint(PlannedPoint planned, LoadTool tool, Integer rate) throws InterruptedException {
        focus(planned.target());
        int sec = planned.plan().pointWarmupSec();
        if (sec <= 0 || tool.name().equals(ToolPlan.HTTPERF) || tool.name().equals(ToolPlan.CEILING)) {
            // httperf has no fixed length; the ceiling warms itself up in its own JVM
            return new PointWarmup(List.of(), planned.plan().durationSec());
        }
        List<lab.report.results.Run.Profile> profiles = new ArrayList<>();
        Measurement m = null;
        for (String event : profiledEvents(planned)) {
            var window = profiledWindow(planned, tool, rate, sec, event);
            profiles.add(window.profile());
            m = m != null ? m : window.measurement();
        }
        return new PointWarmup(profiles, repetitionSec(planned.plan().durationSec(), planned.level(), m,
                !ToolPlan.isOpenLoop(planned.tool())));
    }

    /**
     * CPU at every point; wall-clock too (where threads wait, not only where they run) at the plan's
     * highest load and round trip, one more warm-up window there: what holds a page at 78 ms.
     */
    static List<String> profiledEvents(PlannedPoint planned) {
        AppPlan plan = planned.plan();
        boolean top = planned.level() == java.util.Collections.max(plan.levels()) && planned.rttMs() != null
                && !plan.rttsMs().isEmpty() && Math.abs(planned.rttMs() - java.util.Collections.max(plan.rttsMs())) < 1e-9;
        return top ? List.of("cpu", "wall") : List.of("cpu");
    }

    private record Window(lab.report.results.Run.Profile profile, Measurement measurement) {
    }

    /** One warm-up window of the point's tool with {@code event} profiled in the app. */
    private Window profiledWindow(PlannedPoint planned, LoadTool tool, Integer rate, int sec, String event) throws InterruptedException {
        Long pid = pidOf(planned.target().instance().name());
        String why = pid == null ? "no PID file for " + planned.target().instance().name()
                + " (a container or another host): not profiled" : lab.loadgen.metrics.Profiler.start(pid, event);
        List<List<String>> commands = tool.commands(request(planned, rate, planned.level(), sec));
        measuring(planned, planned.tool(), "warm-up" + (event.equals("cpu") ? "" : ", " + event + " profiled"));
        ProcessRunner.Outcome out = watched(planned.target(), () -> runner.run(commands, Duration.ofSeconds(sec + 30L)));
        String suffix = event.equals("cpu") ? "" : "-" + event;
        dir.writeRaw(planned.label() + "-warmup" + suffix, RawOutput.format(commands, out));
        String file = "raw/" + planned.label() + "-" + event + ".html";
        if (why == null) {
            why = lab.loadgen.metrics.Profiler.stop(pid, dir.dir().resolve(file));
        }
        var i = planned.target().instance();
        return new Window(new lab.report.results.Run.Profile(i.app(), i.mode(), planned.tool(), planned.level(), planned.rttMs(),
                event, why == null ? file : null, why), out.timedOut() ? null : tool.parse(out.outputs()));
    }

    /** A point's warm-up: its profiles and the length of its repetitions in seconds. */
    record PointWarmup(List<lab.report.results.Run.Profile> profiles, int repetitionSec) {
    }

    /** A closed-loop repetition spans at least this many mean replies (Little's law on the warm-up). */
    static final int REPLIES_PER_REPETITION = 4;
    /** ... and at most this many times the plan's length. */
    static final int MAX_STRETCH = 3;

    /**
     * How long a point's repetitions run: the plan's length, stretched for a closed loop whose mean
     * reply (its connections ÷ the warm-up's answers per second, Little's law) would leave fewer than
     * {@link #REPLIES_PER_REPETITION} replies per connection in it. Every connection starts at once, so
     * the first replies arrive a page's time late: in a 3 s repetition of jdbc at 78 ms (a page waits
     * 1–4 s there) that start-up alone hid a third of the goodput and broke Little's law.
     */
    static int repetitionSec(int planSec, int level, Measurement warmup, boolean closedLoop) {
        if (!closedLoop || warmup == null || warmup.answersPerSec() == null && warmup.requestsPerSec() == null) {
            return planSec;
        }
        double perSec = warmup.answersPerSec() != null ? warmup.answersPerSec() : warmup.requestsPerSec();
        double replySec = perSec > 0 ? level / perSec : Double.POSITIVE_INFINITY;
        double want = Math.ceil(REPLIES_PER_REPETITION * replySec);
        return (int) Math.max(planSec, Math.min((double) planSec * MAX_STRETCH, want));
    }

    /**
     * Warms an instance up before its first point: closed-loop wrk at the plan's warm-up connections
     * until steady ({@link UntilSteady}) or the plan's warm-up cap is spent (a JVM that ran the load
     * before is steady after two windows). Every window's output is kept; no point is recorded.
     */
    lab.report.results.Run.Warmup warmUp(PlannedPoint first, LoadTool wrk) throws InterruptedException {
        focus(first.target());
        String name = first.target().instance().name();
        PlannedPoint warm = new PlannedPoint(first.target(), first.plan(), first.plan().warmupConcurrency(), ToolPlan.WRK, first.rttMs());
        measuring(warm, ToolPlan.WRK, "warm-up until steady");
        return watched(first.target(), () -> UntilSteady.run(http, runner, wrk, first.target(),
                request(first, null, first.plan().warmupConcurrency(), UntilSteady.WINDOW_SEC), first.plan().warmupSec(),
                (w, commands, out, goodput, compileMs, sec) -> dir.writeRaw(name + "-warmup-wrk-" + w, RawOutput.format(commands, out))));
    }

    /**
     * Before an instance's first point, when the profile asks: wrk at {@link JitWarmup#CONNECTIONS}
     * until steady, at most {@code capSec} (few request threads leave the JIT's compiler threads the
     * cores); an instance make up warmed already is steady after two windows.
     */
    lab.report.results.Run.Warmup jitWarmUp(PlannedPoint first, LoadTool wrk, int capSec) throws InterruptedException {
        focus(first.target());
        String name = first.target().instance().name();
        int connections = Math.min(JitWarmup.CONNECTIONS, first.plan().warmupConcurrency());
        measuring(new PlannedPoint(first.target(), first.plan(), connections, ToolPlan.WRK, first.rttMs()), ToolPlan.WRK,
                "warm-up until the JIT is done");
        return watched(first.target(), () -> UntilSteady.run(http, runner, wrk, first.target(),
                request(first, null, connections, UntilSteady.WINDOW_SEC), capSec,
                (w, commands, out, goodput, compileMs, sec) -> dir.writeRaw(name + "-warmup-jit-wrk-" + w, RawOutput.format(commands, out))));
    }

    /** The instance's metrics scraped every {@link #SCRAPE_EVERY}, each scrape also given to the live page. */
    private MetricsSampler sampler(Target t) {
        String name = t.instance().name();
        return new MetricsSampler(http, metricsUri(t), SCRAPE_EVERY, text -> live.scraped(name, text));
    }

    private void measuring(PlannedPoint planned, String tool, String phase) {
        var i = planned.target().instance();
        live.measuring(i.name(), i.app(), i.mode(), tool, planned.level(), planned.rttMs(), phase);
    }

    /** Load that is not a measured repetition (a warm-up): scraped for the live page alone. */
    private <T> T watched(Target t, Load<T> load) throws InterruptedException {
        if (!t.instance().hasMetrics()) {
            return load.run();
        }
        MetricsSampler sampler = sampler(t);
        sampler.start();
        try {
            return load.run();
        } finally {
            sampler.stop();
        }
    }

    private interface Load<T> {
        T run() throws InterruptedException;
    }

    /** One scrape of the instance's metrics, or null (none, an error, no answer within 2 s). */
    static lab.loadgen.metrics.PrometheusText scrape(HttpClient http, Target t) throws InterruptedException {
        return t.instance().hasMetrics() ? lab.loadgen.metrics.PrometheusText.read(http, metricsUri(t), Duration.ofSeconds(2)) : null;
    }

    boolean freezes() {
        return focus.freezes() && focus.failure() == null;
    }

    /** Only this target's instance runs from now on, when the sweep freezes the others; a thawed one settles first. */
    void focus(Target t) throws InterruptedException {
        if (focus.on(t) && t.instance().hasMetrics()) { // the ceiling is a child JVM of loadgen's, no instance
            settle(t);
        }
    }

    /** Time for a thawed instance's overdue timers to run before it is asked anything. */
    private static final Duration SETTLE_PAUSE = Duration.ofMillis(200);
    /** Pages asked at once after the pause: the lab's pool per source (ClientOptions' default), each connection used once. */
    private static final int SETTLE_PAGES = 20;

    /**
     * Just thawed, an instance's timers are overdue: a Vert.x connection idle past its read timeout
     * while frozen is closed then, and a query sent on it in that instant fails (a 502 page). After
     * {@link #SETTLE_PAUSE}, {@link #SETTLE_PAGES} pages at once put its pools back together, so
     * that what is measured next starts from whole pools; their answers are not recorded.
     */
    private void settle(Target t) throws InterruptedException {
        Thread.sleep(SETTLE_PAUSE);
        java.net.http.HttpRequest page = java.net.http.HttpRequest.newBuilder(URI.create(t.loadUrl()))
                .timeout(Duration.ofSeconds(10)).build();
        try (var pages = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < SETTLE_PAGES; i++) {
                pages.submit(() -> http.send(page, java.net.http.HttpResponse.BodyHandlers.discarding()));
            }
        }
    }

    HttpClient http() {
        return http;
    }

    void background(Double atRestPct) {
        backgroundPct = atRestPct;
    }

    java.nio.file.Path pidsDir() {
        return pidsDir;
    }

    private Long pidOf(String instance) {
        if (pidsDir == null) {
            return null;
        }
        try {
            return Long.parseLong(java.nio.file.Files.readString(pidsDir.resolve(instance + ".pid")).strip());
        } catch (java.io.IOException | NumberFormatException e) {
            return null;
        }
    }

    static URI metricsUri(Target t) {
        return URI.create(t.baseUrl() + t.instance().metricsPath());
    }
}
