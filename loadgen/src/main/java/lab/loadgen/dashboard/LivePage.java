package lab.loadgen.dashboard;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import com.sun.net.httpserver.HttpExchange;

import lab.loadgen.live.LiveStatus;
import lab.loadgen.pages.Templates;
import lab.report.load.VerdictView;
import lab.report.results.Results;
import lab.report.results.ResultsJson;

/**
 * A running run's live page ({@code /live/RUN/}) and its events ({@code /live/RUN/events}): the
 * sweep's live.json pushed as it changes ("status"), the map of the points recorded so far each
 * time a scenario is recorded ("map"), and "end" once the run has ended and its report is written
 * (or could not be), which the page then opens.
 */
final class LivePage {

    /** How often the stream looks at the run's files: what "within a second" rests on. */
    static final long LOOK_EVERY_MS = 400;
    private static final long KEEP_ALIVE_MS = 15_000;
    /** A stream ends after this long whatever happens: every loop here is bounded. */
    static final long STREAM_MAX_MS = 12 * 3600_000L;
    /** After the end, how long the report is waited for before "end" says there is none. */
    private static final long REPORT_WAIT_MS = 30_000;

    private LivePage() {
    }

    static String render(String id, Path runDir) {
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("run", id);
        model.put("status", LiveStatus.read(runDir).orElse(null));
        model.put("silentMs", LiveRuns.SILENT_MS);
        return Templates.render("live.ftlh", model);
    }

    /**
     * Events until the run has ended (then "end"), the browser goes away, or {@link #STREAM_MAX_MS}.
     * Light: a look at two files' times every {@link #LOOK_EVERY_MS}, live.json read only when it
     * changed, and each "status" carries only the samples the browser has not had.
     */
    static void stream(HttpExchange ex, String id, Path runDir) throws IOException, InterruptedException {
        EventStream events = new EventStream(ex);
        long start = System.currentTimeMillis();
        FileTime liveSeen = null;
        FileTime resultsSeen = null;
        Optional<LiveStatus> live = Optional.empty();
        boolean wasSilent = false;
        long samplesSent = 0;
        Long endedAt = null;
        long quietSince = start;
        while (System.currentTimeMillis() - start < STREAM_MAX_MS) {
            long now = System.currentTimeMillis();
            FileTime results = modified(runDir.resolve(ResultsJson.FILE_NAME));
            if (results != null && !results.equals(resultsSeen)) {
                resultsSeen = results;
                events.send("map", Map.of("html", mapHtml(runDir)));
                quietSince = now;
            }
            FileTime liveNow = modified(runDir.resolve(LiveStatus.FILE_NAME));
            boolean changed = liveNow != null && !liveNow.equals(liveSeen);
            if (changed) {
                liveSeen = liveNow;
                live = LiveStatus.read(runDir);
            }
            boolean silent = live.map(s -> s.silentFor(now, LiveRuns.SILENT_MS)).orElse(false);
            if (live.isPresent() && (changed || silent != wasSilent)) {
                wasSilent = silent;
                long after = samplesSent;
                LiveStatus s = live.get().withSamples(live.get().samples().stream().filter(x -> x.t() > after).toList());
                samplesSent = s.samples().isEmpty() ? samplesSent : s.samples().getLast().t();
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("live", s);
                data.put("serverMs", now);
                data.put("silentSec", silent ? (now - s.updatedMs()) / 1000 : null);
                events.send("status", data);
                quietSince = now;
            }
            String ended = ended(runDir, live);
            if (ended != null) {
                endedAt = endedAt == null ? now : endedAt;
                boolean report = Files.isRegularFile(runDir.resolve("index.html"));
                if (live.map(LiveStatus::reportReady).orElse(report) || now - endedAt > REPORT_WAIT_MS) {
                    Map<String, Object> end = new LinkedHashMap<>();
                    end.put("status", ended);
                    end.put("report", report ? "/results/" + id + "/index.html" : null);
                    events.send("end", end);
                    return;
                }
            }
            if (now - quietSince > KEEP_ALIVE_MS) {
                events.keepAlive();
                quietSince = now;
            }
            Thread.sleep(LOOK_EVERY_MS);
        }
    }

    /** The run's final status once it has one (live.json's, else results.json's), or null while it runs. */
    private static String ended(Path runDir, Optional<LiveStatus> live) {
        if (live.isPresent()) {
            return live.get().running() ? null : live.get().status();
        }
        try {
            String status = ResultsJson.read(runDir.resolve(ResultsJson.FILE_NAME)).run().status();
            return LiveStatus.RUNNING.equals(status) ? null : status;
        } catch (RuntimeException e) {
            return null; // being written, or a run without results yet
        }
    }

    /** The map of the points recorded so far, or a line saying why there is none yet. */
    static String mapHtml(Path runDir) {
        try {
            Results r = ResultsJson.read(runDir.resolve(ResultsJson.FILE_NAME));
            if (r.series().stream().allMatch(s -> s.points().isEmpty())) {
                return Templates.render("livemap.ftlh", Map.of("why", "No point recorded yet: a scenario's points are "
                        + "recorded together, when its every mode has run all its rounds."));
            }
            return Templates.render("livemap.ftlh", VerdictView.model(r));
        } catch (RuntimeException e) {
            return Templates.render("livemap.ftlh", Map.of("why", "The map cannot be drawn yet: " + e.getMessage()));
        }
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return null;
        }
    }
}
