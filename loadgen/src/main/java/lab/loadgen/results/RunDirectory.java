package lab.loadgen.results;

import lab.report.results.ResultsJson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/** results/&lt;run-id&gt;/: results.json, index.html, raw/ tool outputs; results/latest points at the newest. */
public record RunDirectory(Path resultsDir, String id, Path dir) {

    public static final String LATEST = "latest";
    public static final String RAW = "raw";
    private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    /** Creates results/&lt;yyyyMMdd-HHmmss&gt;-&lt;profile&gt;[-n]/ and its raw/ folder. */
    public static RunDirectory create(Path resultsDir, String profile, ZonedDateTime now) {
        String base = ID_TIME.format(now.withZoneSameInstant(ZoneOffset.UTC)) + "-" + profile;
        try {
            Files.createDirectories(resultsDir);
            String id = base;
            for (int n = 2; Files.exists(resultsDir.resolve(id)); n++) {
                id = base + "-" + n;
            }
            Path dir = Files.createDirectories(resultsDir.resolve(id).resolve(RAW)).getParent();
            return new RunDirectory(resultsDir, id, dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a run folder under " + resultsDir.toAbsolutePath()
                    + ": " + e.getMessage(), e);
        }
    }

    /** An existing run's folder. */
    public static RunDirectory existing(Path resultsDir, String id) {
        Path dir = resultsDir.resolve(id);
        if (!Files.isRegularFile(dir.resolve(ResultsJson.FILE_NAME))) {
            throw new IllegalArgumentException("no run '" + id + "': " + dir.resolve(ResultsJson.FILE_NAME)
                    + " does not exist");
        }
        return new RunDirectory(resultsDir, id, dir);
    }

    public Path json() {
        return dir.resolve(ResultsJson.FILE_NAME);
    }

    public Path html() {
        return dir.resolve("index.html");
    }

    /** Where a point's raw output goes, and the name results.json records for it. */
    public String rawName(String label) {
        return RAW + "/" + label + ".txt";
    }

    public void writeRaw(String label, String text) {
        try {
            Files.writeString(dir.resolve(rawName(label)), text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write raw output " + label + ": " + e.getMessage(), e);
        }
    }

    /** Points results/latest at this run: a relative symlink, or a file holding the id where links fail. */
    public void markLatest() {
        Path latest = resultsDir.resolve(LATEST);
        try {
            Files.deleteIfExists(latest);
            try {
                Files.createSymbolicLink(latest, Path.of(id));
            } catch (IOException | UnsupportedOperationException e) {
                Files.writeString(latest, id + "\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot update " + latest + ": " + e.getMessage(), e);
        }
    }
}
