package lab.loadgen.sweep;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import lab.loadgen.metrics.InterferenceMeter;
import lab.loadgen.metrics.MetricsSampler;
import lab.loadgen.metrics.ServerMetrics;
import lab.report.results.Interference;
import lab.report.results.Point;
import lab.loadgen.results.RunDirectory;
import lab.loadgen.tool.LoadTool;
import lab.loadgen.tool.Measurement;
import lab.loadgen.tool.ProcessRunner;
import lab.loadgen.tool.ToolRequest;

/** Runs one step: the tool, with the instance's metrics scraped meanwhile; saves the raw output; returns the point. */
final class StepExecutor {

    private static final Duration SCRAPE_EVERY = Duration.ofMillis(500);

    private final RunDirectory dir;
    private final ProcessRunner runner;
    private final HttpClient http;
    private final int cpus;
    private final java.nio.file.Path pidsDir;

    StepExecutor(RunDirectory dir, ProcessRunner runner, HttpClient http, int cpus, java.nio.file.Path pidsDir) {
        this.dir = dir;
        this.runner = runner;
        this.http = http;
        this.cpus = cpus;
        this.pidsDir = pidsDir;
    }

    ToolRequest request(Step step, Integer rate, int level, int durationSec) {
        Target t = step.target();
        AppPlan p = step.plan();
        return new ToolRequest(t.host(), t.instance().port(), t.instance().loadUri(), level, durationSec,
                p.callsPerConn(), p.timeoutSec(), rate, cpus);
    }

    /**
     * Runs one repetition of the step's tool; {@code rate} is wrk2's -R / oha's -q (null for the
     * others); {@code rep} numbers the repetition (1, 2, ...) in the raw file's name.
     */
    Point run(Step step, LoadTool tool, Integer rate, int rep) throws InterruptedException {
        String started = OffsetDateTime.now(ZoneOffset.UTC).toString();
        ToolRequest req = request(step, rate, step.level(), step.plan().durationSec());
        List<List<String>> commands = tool.commands(req);
        MetricsSampler sampler = new MetricsSampler(http, metricsUri(step.target()), SCRAPE_EVERY);
        InterferenceMeter cpu = new InterferenceMeter(pidsDir, step.target().instance().name());
        boolean scrape = step.target().instance().hasMetrics();
        if (scrape) {
            sampler.start();
        }
        InterferenceMeter.Mark mark = cpu.start();
        ProcessRunner.Outcome out;
        ServerMetrics server;
        try {
            out = runner.run(commands, Duration.ofSeconds(step.plan().stepLimitSec()));
        } finally {
            server = scrape ? sampler.stop() : new ServerMetrics(null, null, null, null, 0,
                    "no server of its own: the load tool ran the page's queries itself");
        }
        Interference interference = cpu.stop(mark, out.cpuSec());
        String label = step.label() + "-r" + rep;
        String raw = dir.rawName(label);
        dir.writeRaw(label, RawOutput.format(commands, out));
        Measurement m = out.timedOut()
                ? Measurement.failed(tool.name() + " did not finish within " + step.plan().stepLimitSec() + " s; killed")
                : tool.parse(out.outputs());
        Double cpuPct = out.cpuSec() == null ? null : out.cpuSec() / out.wallSec() * 100.0;
        return Points.of(new Points.StepData(step.level(), m, server, out, tool.saturation(req, m, cpuPct),
                rate, raw, started, interference, step.rttMs(), cpus));
    }

    /** An unrecorded run of the point's own tool and level, so its repetitions start from a settled server. */
    void warmUpPoint(Step step, LoadTool tool, Integer rate) throws InterruptedException {
        int sec = step.plan().pointWarmupSec();
        if (sec <= 0 || tool.name().equals(ToolPlan.HTTPERF) || tool.name().equals(ToolPlan.CEILING)) {
            return; // httperf has no fixed length; the ceiling warms itself up in its own JVM
        }
        List<List<String>> commands = tool.commands(request(step, rate, step.level(), sec));
        ProcessRunner.Outcome out = runner.run(commands, Duration.ofSeconds(sec + 30L));
        dir.writeRaw(step.label() + "-warmup", RawOutput.format(commands, out));
    }

    /** A closed-loop wrk run before a mode's first level; its output is kept, no point recorded. */
    void warmUp(Step first, LoadTool wrk) throws InterruptedException {
        AppPlan p = first.plan();
        ToolRequest req = request(first, null, p.warmupConcurrency(), p.warmupSec());
        List<List<String>> commands = wrk.commands(req);
        ProcessRunner.Outcome out = runner.run(commands, Duration.ofSeconds(p.warmupSec() + 30L));
        dir.writeRaw(first.target().instance().name() + "-warmup-wrk", RawOutput.format(commands, out));
    }

    static URI metricsUri(Target t) {
        return URI.create(t.baseUrl() + t.instance().metricsPath());
    }
}
