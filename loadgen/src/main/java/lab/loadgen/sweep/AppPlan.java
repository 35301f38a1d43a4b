package lab.loadgen.sweep;

import java.util.List;

/**
 * How one app is swept: the concurrency levels and the tools' settings.
 *
 * @param levels         concurrent connections per point, in the order run
 * @param callsPerConn   httperf --num-calls
 * @param durationSec    wrk, wrk2 and oha length of one repetition
 * @param timeoutSec     per-request timeout for every tool
 * @param warmupSec      wrk warm-up before each mode's first point (JIT, pools; 0: none)
 * @param pauseSec       idle time after each repetition
 * @param stepLimitSec   a repetition still running after this long is killed and recorded as failed
 * @param repetitions    measured repetitions per point (median, min and max are reported)
 * @param pointWarmupSec an unrecorded run of the point's own tool and level before its repetitions (0: none)
 * @param openLoopLevels the levels at which the fixed-rate tool (wrk2/oha) runs; empty: every level
 * @param rttsMs         the link round-trip times to sweep (PROFILE=latency; 0 = through the proxies
 *                       without added latency); empty: the link is left as it is
 * @param maxRepetitions up to this many rounds while a mode against jdbc is still tied by the
 *                       pairwise rule ({@link lab.report.verdict.Pairwise}) and the profile's budget allows;
 *                       {@code repetitions} is the minimum
 */
public record AppPlan(List<Integer> levels, int callsPerConn, int durationSec, double timeoutSec,
                      int warmupSec, double pauseSec, int stepLimitSec, int repetitions, int pointWarmupSec,
                      List<Integer> openLoopLevels, List<Double> rttsMs, int maxRepetitions) {

    public AppPlan {
        levels = List.copyOf(levels);
        openLoopLevels = List.copyOf(openLoopLevels);
        rttsMs = List.copyOf(rttsMs);
        if (levels.isEmpty() || levels.stream().anyMatch(l -> l < 1)) {
            throw new IllegalArgumentException("levels must be positive connection counts, got " + levels);
        }
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions must be at least 1, got " + repetitions);
        }
        maxRepetitions = Math.max(repetitions, maxRepetitions);
        if (rttsMs.stream().anyMatch(r -> r < 0)) {
            throw new IllegalArgumentException("RTTs must be >= 0 ms, got " + rttsMs);
        }
    }

    /** A plan with a fixed number of repetitions. */
    public AppPlan(List<Integer> levels, int callsPerConn, int durationSec, double timeoutSec, int warmupSec,
                   double pauseSec, int stepLimitSec, int repetitions, int pointWarmupSec, List<Integer> openLoopLevels,
                   List<Double> rttsMs) {
        this(levels, callsPerConn, durationSec, timeoutSec, warmupSec, pauseSec, stepLimitSec, repetitions,
                pointWarmupSec, openLoopLevels, rttsMs, repetitions);
    }

    /** A plan without link changes and with the fixed-rate tool at every level. */
    public AppPlan(List<Integer> levels, int callsPerConn, int durationSec, double timeoutSec, int warmupSec,
                   double pauseSec, int stepLimitSec, int repetitions, int pointWarmupSec) {
        this(levels, callsPerConn, durationSec, timeoutSec, warmupSec, pauseSec, stepLimitSec, repetitions,
                pointWarmupSec, List.of(), List.of());
    }

    /** The most connections an instance's warm-up uses. */
    static final int WARMUP_MAX_CONNECTIONS = 200;

    /**
     * Concurrency of the warm-up: the plan's largest level, at most {@link #WARMUP_MAX_CONNECTIONS}. The
     * JIT compiles what a load runs: after make up's warm-up (8 connections) and the sweep's at 50, the
     * map's first point at 200 connections (0 ms) was measured while it compiled again: a
     * portal-nonblocking warmed for 60 s at 8 connections compiled for 9.2 s in its first 10 s at 200 (1,187
     * answers/s), then 1.8 s (1,780/s); portal-reactive rose from 1,211 to 1,898/s in four such runs, and
     * the map's 0 ms column read 864/s where the same instance served 1,724/s later. Above 200 (the
     * thesis profile's 1,000, past the portal's knee near 400) a warm-up would mostly time out pages.
     */
    public int warmupConcurrency() {
        return Math.min(WARMUP_MAX_CONNECTIONS, levels.stream().mapToInt(Integer::intValue).max().orElse(1));
    }

    /** Whether the fixed-rate tool runs at this level. */
    public boolean openLoopAt(int level) {
        return openLoopLevels.isEmpty() || openLoopLevels.contains(level);
    }

    public AppPlan withLevels(List<Integer> l) {
        return new AppPlan(l, callsPerConn, durationSec, timeoutSec, warmupSec, pauseSec, stepLimitSec, repetitions,
                pointWarmupSec, openLoopLevels.stream().filter(l::contains).toList(), rttsMs, maxRepetitions);
    }

    public AppPlan withCalls(int c) {
        return new AppPlan(levels, c, durationSec, timeoutSec, warmupSec, pauseSec, stepLimitSec, repetitions,
                pointWarmupSec, openLoopLevels, rttsMs, maxRepetitions);
    }

    public AppPlan withDuration(int d) {
        return new AppPlan(levels, callsPerConn, d, timeoutSec, warmupSec, pauseSec, stepLimitSec, repetitions,
                pointWarmupSec, openLoopLevels, rttsMs, maxRepetitions);
    }

    public AppPlan withTimeout(double t) {
        return new AppPlan(levels, callsPerConn, durationSec, t, warmupSec, pauseSec, stepLimitSec, repetitions,
                pointWarmupSec, openLoopLevels, rttsMs, maxRepetitions);
    }

    public AppPlan withWarmup(int w) {
        return new AppPlan(levels, callsPerConn, durationSec, timeoutSec, w, pauseSec, stepLimitSec, repetitions,
                Math.min(pointWarmupSec, w), openLoopLevels, rttsMs, maxRepetitions);
    }

    public AppPlan withPause(double p) {
        return new AppPlan(levels, callsPerConn, durationSec, timeoutSec, warmupSec, p, stepLimitSec, repetitions,
                pointWarmupSec, openLoopLevels, rttsMs, maxRepetitions);
    }

    /** Exactly {@code r} repetitions (REPS=...: no adaptive rounds). */
    public AppPlan withRepetitions(int r) {
        return new AppPlan(levels, callsPerConn, durationSec, timeoutSec, warmupSec, pauseSec, stepLimitSec, r,
                pointWarmupSec, openLoopLevels, rttsMs, r);
    }

    public AppPlan withRtts(List<Double> r) {
        return new AppPlan(levels, callsPerConn, durationSec, timeoutSec, warmupSec, pauseSec, stepLimitSec, repetitions,
                pointWarmupSec, openLoopLevels, r, maxRepetitions);
    }
}
