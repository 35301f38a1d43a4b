package lab.loadgen.live;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import lab.loadgen.metrics.PrometheusText;

/**
 * The sweep's side of the live page: it is told the plan, each point done with the time still to
 * come, the point now measured, its progress lines and every scrape of the instance under load,
 * and keeps {@code live.json} ({@link LiveStatus}) up to date in the run's folder: at most every
 * {@link #WRITE_EVERY_MS} for samples, at once for a point or the end, and every
 * {@link #HEARTBEAT_MS} when nothing happens. Thread-safe; what it costs is one small file written
 * about once a second.
 */
public final class LiveFeed implements AutoCloseable {

    /** The sweep writes at least this often while it runs; the dashboard calls it silent after a few. */
    public static final long HEARTBEAT_MS = 2000;
    static final long WRITE_EVERY_MS = 1000;
    /**
     * Samples kept in live.json: half a minute (the page keeps its own two minutes; each event
     * brings only what is new, and a smaller file is cheaper to read every second).
     */
    public static final int KEEP_SAMPLES = 30;
    /** Rates are taken over at least this long: the sampler scrapes every 500 ms, too short for a steady figure. */
    static final long RATE_OVER_MS = 950;

    private final Path dir;
    private final String run;
    private final long startedMs = System.currentTimeMillis();
    private final int plannedPoints;
    private final long plannedSec;
    private final ArrayDeque<RequestRates.Sample> samples = new ArrayDeque<>();
    private final Map<String, RequestRates.Counts> lastCounts = new HashMap<>();
    private final Thread heartbeat;
    private String status = LiveStatus.RUNNING;
    private boolean reportReady;
    private int done;
    private int failed;
    private Double etaSec;
    private Double etaAtMostSec;
    private Long etaAtMs;
    private LiveStatus.Now now;
    private String message;
    private long writtenMs;

    public LiveFeed(Path runDir, String run, int plannedPoints, long plannedSec) {
        this.dir = runDir;
        this.run = run;
        this.plannedPoints = plannedPoints;
        this.plannedSec = plannedSec;
        write();
        heartbeat = Thread.ofVirtual().name("live-heartbeat").start(this::beat);
    }

    /** A progress line (warm-up, link, rounds). */
    public synchronized void message(String line) {
        message = line;
        write();
    }

    /** A point is measured now ({@code phase}: "warm-up", "round 2", ...). */
    public synchronized void measuring(String instance, String app, String mode, String tool, int level, Double rttMs,
                                       String phase) {
        now = new LiveStatus.Now(instance, app, mode, tool, level, rttMs, phase, System.currentTimeMillis());
        write();
    }

    /** A point is done; the time still to come as the terminal prints it. */
    public synchronized void pointDone(boolean pointFailed, double etaSec, Double etaAtMostSec) {
        done++;
        failed += pointFailed ? 1 : 0;
        this.etaSec = etaSec;
        this.etaAtMostSec = etaAtMostSec;
        this.etaAtMs = System.currentTimeMillis();
        write();
    }

    /** A scrape of {@code instance}'s metrics: a sample once a second's worth has passed since the last. */
    public void scraped(String instance, PrometheusText text) {
        long at = System.currentTimeMillis();
        RequestRates.Counts counts = RequestRates.counts(text, at);
        if (counts == null) {
            return;
        }
        synchronized (this) {
            RequestRates.Counts before = lastCounts.get(instance);
            if (before != null && at - before.atMs() < RATE_OVER_MS) {
                return;
            }
            lastCounts.put(instance, counts);
            RequestRates.Sample s = before == null ? null : RequestRates.between(instance, before, counts);
            if (s == null) {
                return;
            }
            samples.addLast(s);
            while (samples.size() > KEEP_SAMPLES) {
                samples.removeFirst();
            }
            if (at - writtenMs >= WRITE_EVERY_MS) {
                write();
            }
        }
    }

    /** The run ended with this status; {@code reportReady}: its page is written. */
    public synchronized void finish(String finalStatus, boolean reportReady) {
        status = finalStatus;
        this.reportReady = reportReady;
        now = null;
        write();
    }

    @Override
    public void close() {
        heartbeat.interrupt();
    }

    private void beat() {
        try {
            while (true) {
                Thread.sleep(HEARTBEAT_MS / 2);
                synchronized (this) {
                    if (!status.equals(LiveStatus.RUNNING)) {
                        return;
                    }
                    if (System.currentTimeMillis() - writtenMs >= HEARTBEAT_MS / 2) {
                        write();
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public synchronized LiveStatus snapshot() {
        return new LiveStatus(run, status, reportReady, startedMs, System.currentTimeMillis(), plannedPoints,
                plannedSec, done, failed, etaSec, etaAtMostSec, etaAtMs, now, message, List.copyOf(samples));
    }

    private void write() {
        try {
            LiveStatus s = snapshot();
            s.write(dir);
            writtenMs = s.updatedMs();
        } catch (RuntimeException e) {
            // the live page is a view: a full disk must not stop the measurement
            message = "live.json not written: " + e.getMessage();
        }
    }
}
