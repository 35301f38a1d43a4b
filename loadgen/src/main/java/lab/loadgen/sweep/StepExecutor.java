package lab.loadgen.sweep;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import lab.loadgen.metrics.MetricsSampler;
import lab.loadgen.metrics.ServerMetrics;
import lab.loadgen.results.Point;
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

    StepExecutor(RunDirectory dir, ProcessRunner runner, HttpClient http, int cpus) {
        this.dir = dir;
        this.runner = runner;
        this.http = http;
        this.cpus = cpus;
    }

    ToolRequest request(Step step, Integer rate, int level, int durationSec) {
        Target t = step.target();
        AppPlan p = step.plan();
        return new ToolRequest(t.host(), t.instance().port(), t.instance().loadUri(), level, durationSec,
                p.callsPerConn(), p.timeoutSec(), rate, cpus);
    }

    /** Runs the step's tool; {@code rate} is wrk2's -R (null for the others). */
    Point run(Step step, LoadTool tool, Integer rate) throws InterruptedException {
        String started = OffsetDateTime.now(ZoneOffset.UTC).toString();
        ToolRequest req = request(step, rate, step.level(), step.plan().durationSec());
        List<List<String>> commands = tool.commands(req);
        MetricsSampler sampler = new MetricsSampler(http, metricsUri(step.target()), SCRAPE_EVERY);
        sampler.start();
        ProcessRunner.Outcome out;
        ServerMetrics server;
        try {
            out = runner.run(commands, Duration.ofSeconds(step.plan().stepLimitSec()));
        } finally {
            server = sampler.stop();
        }
        String raw = dir.rawName(step.label());
        dir.writeRaw(step.label(), RawOutput.format(commands, out));
        Measurement m = out.timedOut()
                ? Measurement.failed(tool.name() + " did not finish within " + step.plan().stepLimitSec() + " s; killed")
                : tool.parse(out.outputs());
        Double cpuPct = out.cpuSec() == null ? null : out.cpuSec() / out.wallSec() * 100.0;
        return Points.of(new Points.StepData(step.level(), m, server, out, tool.saturation(req, m, cpuPct),
                rate, raw, started));
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
