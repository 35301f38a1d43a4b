package lab.loadgen.sweep;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lab.report.results.Point;
import lab.report.results.Results;
import lab.report.results.ResultsJson;
import lab.report.results.Run;
import lab.loadgen.results.RunDirectory;
import lab.report.results.Series;

/**
 * The results of a run as it goes: every finished point is written to results.json at once, so
 * Ctrl-C or a crash loses at most the point in progress. Thread-safe (the Ctrl-C hook finishes it).
 */
public final class RunRecorder {

    private final RunDirectory dir;
    private Run run;
    private final Map<String, Series> series = new LinkedHashMap<>();
    private boolean finished;

    public RunRecorder(RunDirectory dir, Run run) {
        this.dir = dir;
        this.run = run;
    }

    public RunDirectory directory() {
        return dir;
    }

    private static String key(Target t, String tool) {
        // the mode too: the fair pass measures an instance again as another series
        return t.instance().name() + "/" + t.instance().mode() + "/" + tool;
    }

    public synchronized void add(PlannedPoint planned, Point point) {
        Target t = planned.target();
        Series s = series.computeIfAbsent(key(t, planned.tool()), k -> new Series(t.instance().app(),
                t.instance().mode(), planned.tool(), t.instance().name(), t.loadUrl(), List.of()));
        List<Point> points = new ArrayList<>(s.points());
        points.add(point);
        series.put(key(t, planned.tool()), s.withPoints(points));
        save();
    }

    /** Records the order in which round {@code r} of this point's scenario measures the modes. */
    public synchronized void round(PlannedPoint planned, int r, List<String> modes) {
        List<Run.Round> rounds = new ArrayList<>(run.rounds() == null ? List.of() : run.rounds());
        rounds.add(new Run.Round(planned.target().instance().app(), planned.rttMs(), planned.level(), planned.tool(), r, modes));
        run = run.withRounds(List.copyOf(rounds));
    }

    /** Records a point's profile (or why there is none). */
    public synchronized void profile(Run.Profile p) {
        run = run.withProfile(p);
        save();
    }

    /** Records how an instance was warmed up. */
    public synchronized void warmup(Run.Warmup w) {
        run = run.withWarmup(w);
        save();
    }

    /** Adds a note to the run's page. */
    public synchronized void note(String note) {
        run = run.withNote(note);
        save();
    }

    /** Records what the calibration of a link the run put in force measured. */
    public synchronized void linkCalibration(Run.LinkCalibrated c) {
        run = run.withLinkCalibration(c);
        save();
    }

    /** The point already measured for this target, tool, level and link RTT (null: none asked), or null. */
    public synchronized Point find(Target t, String tool, int level, Double rttMs) {
        Series s = series.get(key(t, tool));
        if (s == null) {
            return null;
        }
        return s.points().stream().filter(p -> p.concurrency() != null && p.concurrency() == level)
                .filter(p -> java.util.Objects.equals(p.rttMs(), rttMs))
                .reduce((a, b) -> b).orElse(null);
    }

    public synchronized Results snapshot() {
        return new Results(run, List.copyOf(series.values()));
    }

    public synchronized void save() {
        ResultsJson.write(snapshot(), dir.json());
    }

    /** Marks the run finished with this status (once; later calls return false) and saves it. */
    public synchronized boolean finish(String status) {
        if (finished) {
            return false;
        }
        finished = true;
        run = run.finished(OffsetDateTime.now(ZoneOffset.UTC).toString(), status);
        save();
        return true;
    }

    public synchronized int[] counts() {
        int all = 0;
        int failed = 0;
        for (Series s : series.values()) {
            for (Point p : s.points()) {
                all++;
                failed += p.error() != null ? 1 : 0;
            }
        }
        return new int[] {all, failed};
    }
}
