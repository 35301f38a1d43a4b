package lab.loadgen.sweep;

import java.util.List;

/**
 * How one app is swept: the concurrency levels and the tools' settings.
 *
 * @param levels       concurrent connections per step, in the order run
 * @param callsPerConn httperf --num-calls
 * @param durationSec  wrk and wrk2 test length per step
 * @param timeoutSec   per-request timeout for every tool
 * @param warmupSec    wrk warm-up before each mode's first level (0: none)
 * @param pauseSec     idle time after each step
 * @param stepLimitSec a step still running after this long is killed and recorded as failed
 */
public record AppPlan(List<Integer> levels, int callsPerConn, int durationSec, double timeoutSec,
                      int warmupSec, double pauseSec, int stepLimitSec) {

    public AppPlan {
        levels = List.copyOf(levels);
        if (levels.isEmpty() || levels.stream().anyMatch(l -> l < 1)) {
            throw new IllegalArgumentException("levels must be positive connection counts, got " + levels);
        }
    }

    /** Concurrency of the warm-up: the plan's largest level, at most 50. */
    public int warmupConcurrency() {
        return Math.min(50, levels.stream().mapToInt(Integer::intValue).max().orElse(1));
    }

    public AppPlan withLevels(List<Integer> l) {
        return new AppPlan(l, callsPerConn, durationSec, timeoutSec, warmupSec, pauseSec, stepLimitSec);
    }

    public AppPlan withCalls(int c) {
        return new AppPlan(levels, c, durationSec, timeoutSec, warmupSec, pauseSec, stepLimitSec);
    }

    public AppPlan withDuration(int d) {
        return new AppPlan(levels, callsPerConn, d, timeoutSec, warmupSec, pauseSec, stepLimitSec);
    }

    public AppPlan withTimeout(double t) {
        return new AppPlan(levels, callsPerConn, durationSec, t, warmupSec, pauseSec, stepLimitSec);
    }

    public AppPlan withWarmup(int w) {
        return new AppPlan(levels, callsPerConn, durationSec, timeoutSec, w, pauseSec, stepLimitSec);
    }

    public AppPlan withPause(double p) {
        return new AppPlan(levels, callsPerConn, durationSec, timeoutSec, warmupSec, p, stepLimitSec);
    }
}
