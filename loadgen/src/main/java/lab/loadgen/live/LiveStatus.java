package lab.loadgen.live;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import lab.report.results.ResultsJson;

/**
 * What a running sweep says about itself, in {@code live.json} beside its results.json: the plan,
 * the points done, the point now measured, the time still to come, and the instance under load
 * second by second. The sweep writes it ({@link LiveFeed}); the dashboard reads it and pushes it to
 * the run's live page. {@code updatedMs} is refreshed at least every {@link LiveFeed#HEARTBEAT_MS}
 * while the sweep runs, so a sweep that was killed shows as silent.
 *
 * @param status      "running", then the run's final status ("complete", "interrupted")
 * @param reportReady the run's report page is written (the live page then gives way to it)
 * @param etaSec      the time still to come as the terminal last printed it (at {@code etaAtMs}), or null
 * @param etaAtMostSec its upper bound when the run has a budget, or null
 * @param now         the point being measured, or null between points
 * @param message     the sweep's last progress line other than a point's (warm-up, link, rounds)
 * @param samples     the instance under load, one sample a second, the last {@link LiveFeed#KEEP_SAMPLES}
 */
public record LiveStatus(String run, String status, boolean reportReady, long startedMs, long updatedMs,
                         int plannedPoints, long plannedSec, int pointsDone, int pointsFailed,
                         Double etaSec, Double etaAtMostSec, Long etaAtMs, Now now, String message,
                         List<RequestRates.Sample> samples) {

    public static final String FILE_NAME = "live.json";
    public static final String RUNNING = "running";

    /** The point being measured: its instance, tool, connections, link, round and what it is doing. */
    public record Now(String instance, String app, String mode, String tool, int level, Double rttMs,
                      String phase, long sinceMs) {
    }

    public LiveStatus withSamples(List<RequestRates.Sample> only) {
        return new LiveStatus(run, status, reportReady, startedMs, updatedMs, plannedPoints, plannedSec, pointsDone,
                pointsFailed, etaSec, etaAtMostSec, etaAtMs, now, message, only);
    }

    public boolean running() {
        return RUNNING.equals(status);
    }

    /** Silent: running, but not updated for this long (killed, or the machine stalled). */
    public boolean silentFor(long nowMs, long quietMs) {
        return running() && nowMs - updatedMs > quietMs;
    }

    /** The run's live.json, or empty when it has none or it cannot be read. */
    public static Optional<LiveStatus> read(Path runDir) {
        return ResultsJson.readIfPresent(runDir.resolve(FILE_NAME), LiveStatus.class);
    }

    void write(Path runDir) {
        ResultsJson.write(this, runDir.resolve(FILE_NAME));
    }
}
