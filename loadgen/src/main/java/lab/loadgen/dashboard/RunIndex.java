package lab.loadgen.dashboard;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import lab.report.results.Results;
import lab.report.results.ResultsJson;

/** The load-test runs and comparison pages found under results/, newest first. */
public final class RunIndex {

    /** One folder under results/. {@code problem} is set when its results.json could not be read. */
    public record Entry(String id, String started, String profile, String status, int series, int points,
                        boolean hasReport, boolean comparison, String problem, FileTime modified) {
    }

    private RunIndex() {
    }

    public static List<Entry> list(Path resultsDir) {
        if (!Files.isDirectory(resultsDir)) {
            return List.of();
        }
        List<Entry> entries = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(resultsDir)) {
            dirs.filter(d -> Files.isDirectory(d) && !Files.isSymbolicLink(d))
                    .filter(d -> !d.getFileName().toString().startsWith("."))
                    .forEach(d -> entry(d).ifPresent(entries::add));
        } catch (IOException e) {
            return List.of();
        }
        entries.sort(Comparator.comparing((Entry e) -> e.started() == null ? "" : e.started())
                .thenComparing(Entry::modified).thenComparing(Entry::id).reversed());
        return entries;
    }

    private static Optional<Entry> entry(Path dir) {
        String id = dir.getFileName().toString();
        boolean report = Files.isRegularFile(dir.resolve("index.html"));
        FileTime modified = modified(dir);
        Path json = dir.resolve(ResultsJson.FILE_NAME);
        if (!Files.isRegularFile(json)) {
            // compare-* pages and make faults' faults-* pages have no results.json of their own.
            boolean page = (id.startsWith("compare-") || id.startsWith("faults-")) && report;
            return page ? Optional.of(new Entry(id, null, id.startsWith("faults-") ? "faults" : null, null, 0, 0, true, true, null, modified))
                    : Optional.empty();
        }
        try {
            Results r = ResultsJson.read(json);
            int points = r.series().stream().mapToInt(s -> s.points().size()).sum();
            return Optional.of(new Entry(id, r.run().started(), r.run().profile(), r.run().status(),
                    r.series().size(), points, report, false, null, modified));
        } catch (RuntimeException e) {
            return Optional.of(new Entry(id, null, null, null, 0, 0, report, false,
                    "unreadable results.json: " + e.getMessage(), modified));
        }
    }

    private static FileTime modified(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }
}
