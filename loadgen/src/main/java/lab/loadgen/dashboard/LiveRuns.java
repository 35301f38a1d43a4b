package lab.loadgen.dashboard;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

import lab.loadgen.live.LiveFeed;
import lab.loadgen.live.LiveStatus;

/** The runs under results/ that a sweep is writing now: their live.json says running and is fresh. */
final class LiveRuns {

    /** A running run not updated for this long is silent: its sweep was killed or is stalled. */
    static final long SILENT_MS = 5 * LiveFeed.HEARTBEAT_MS;

    private LiveRuns() {
    }

    /**
     * The run being written now, if any: the newest run with a live.json (run ids start with their
     * start time, and one load test runs at a time: loadgen's LoadLock), if it runs and is not silent.
     */
    static Optional<LiveStatus> running(Path resultsDir) {
        if (!Files.isDirectory(resultsDir)) {
            return Optional.empty();
        }
        long now = System.currentTimeMillis();
        try (Stream<Path> dirs = Files.list(resultsDir)) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve(LiveStatus.FILE_NAME)) && !Files.isSymbolicLink(d))
                    .sorted(Comparator.comparing((Path d) -> d.getFileName().toString()).reversed())
                    .findFirst()
                    .flatMap(LiveStatus::read)
                    .filter(s -> s.running() && !s.silentFor(now, SILENT_MS));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
