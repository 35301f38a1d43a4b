package lab.loadgen.sweep;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;

import lab.loadgen.tool.LoadTool;
import lab.loadgen.tool.Measurement;
import lab.loadgen.tool.ProcessRunner;
import lab.loadgen.tool.ToolRequest;

/** An instance warmed up until steady: the sweep's warm-up before an instance's first point, and make up's ({@link JitWarmup}). */
final class UntilSteady {

    private UntilSteady() {
    }

    /** One warm-up window of wrk, in seconds. */
    static final int WINDOW_SEC = 3;
    /**
     * Two windows in a row whose goodput agrees within this share are steady (with a quiet JIT): 3 s
     * windows of a warm portal differ by up to ±8 % on two shared cores.
     */
    static final double STEADY_SHARE = 0.10;
    /**
     * The JIT is quiet when it compiled for less than this share of a window (its compile time is
     * summed over its compiler threads: a cold portal's runs at 3–4 s per 3 s window, and falls
     * below 0.3 s after 30–40 s under load).
     */
    static final double QUIET_JIT_SHARE = 0.10;

    /** What a warm-up reports after each of its windows (numbered from 1), with the seconds since it started. */
    interface WarmupWindow {
        void done(int window, List<List<String>> commands, ProcessRunner.Outcome out, Double goodput, Double compileMs,
                  double sec) throws InterruptedException;
    }

    /**
     * Windows of wrk ({@code window}: {@link #WINDOW_SEC} long) until two in a row agree on
     * goodput within {@link #STEADY_SHARE} and the JIT compiler was quiet in the last one
     * (jvm.compilation.time grew by less than {@link #QUIET_JIT_SHARE} of the window), or until
     * {@code capSec}: the sweep's warm-up of each instance and make up's ({@link JitWarmup}).
     */
    static lab.report.results.Run.Warmup run(HttpClient http, ProcessRunner runner, LoadTool wrk, Target t,
                                             ToolRequest window, int capSec, WarmupWindow each)
            throws InterruptedException {
        long start = System.nanoTime();
        List<Double> goodput = new java.util.ArrayList<>();
        List<Double> compile = new java.util.ArrayList<>();
        Double compiledBefore = compileMs(http, t);
        boolean steady = false;
        // the cap is a deadline: each window also starts wrk and scrapes, 15–25 % over its 3 s
        long deadline = start + java.util.concurrent.TimeUnit.SECONDS.toNanos(capSec - WINDOW_SEC);
        for (int w = 1; !steady && (w == 1 || System.nanoTime() <= deadline); w++) {
            List<List<String>> commands = wrk.commands(window);
            ProcessRunner.Outcome out = runner.run(commands, Duration.ofSeconds(WINDOW_SEC + 30L));
            Measurement m = out.timedOut() ? null : wrk.parse(out.outputs());
            goodput.add(m == null ? null : m.requestsPerSec());
            Double compiledNow = compileMs(http, t);
            compile.add(compiledBefore == null || compiledNow == null ? null : compiledNow - compiledBefore);
            compiledBefore = compiledNow;
            steady = steady(goodput, compile);
            each.done(w, commands, out, goodput.getLast(), compile.getLast(), (System.nanoTime() - start) / 1e9);
        }
        return new lab.report.results.Run.Warmup(t.instance().name(),
                Math.round((System.nanoTime() - start) / 1e8) / 10.0, goodput, compile, steady);
    }

    /** The last two windows agree on goodput and the JIT was quiet in the last (or exports no figure). */
    static boolean steady(List<Double> goodput, List<Double> compileMs) {
        int n = goodput.size();
        if (n < 2 || goodput.get(n - 1) == null || goodput.get(n - 2) == null || !(goodput.get(n - 2) > 0)) {
            return false;
        }
        boolean agree = Math.abs(goodput.get(n - 1) / goodput.get(n - 2) - 1) <= STEADY_SHARE;
        Double jit = compileMs.get(n - 1);
        return agree && (jit == null || jit < QUIET_JIT_SHARE * WINDOW_SEC * 1000);
    }

    /** The instance's JIT compilation time so far (jvm_compilation_time_ms_total), or null. */
    static Double compileMs(HttpClient http, Target t) throws InterruptedException {
        var text = PointRunner.scrape(http, t);
        var v = text == null ? java.util.OptionalDouble.empty() : text.sum("jvm_compilation_time_ms_total");
        return v.isPresent() ? v.getAsDouble() : null;
    }
}
