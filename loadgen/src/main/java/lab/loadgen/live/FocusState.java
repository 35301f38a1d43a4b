package lab.loadgen.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import lab.report.results.ResultsJson;

/**
 * Which instance a load test measures alone while the lab's others are frozen: {@code
 * results/.focus.json}, written by the sweep and make up's warm-up when the instance changes and
 * removed when every instance runs again; the dashboard shows the others as frozen instead of
 * asking them for their health.
 *
 * @param alone the instance that runs (a name that is no instance: none does)
 */
public record FocusState(String alone, long sinceMs) {

    /** Hidden: the dashboard's file listing and run index leave it out. */
    public static final String FILE_NAME = ".focus.json";

    /** The instance running alone now, or empty when every instance runs (or the file cannot be read). */
    public static Optional<FocusState> read(Path resultsDir) {
        return ResultsJson.readIfPresent(resultsDir.resolve(FILE_NAME), FocusState.class);
    }

    public void write(Path resultsDir) {
        ResultsJson.write(this, resultsDir.resolve(FILE_NAME));
    }

    /** Every instance runs again. */
    public static void clear(Path resultsDir) {
        try {
            Files.deleteIfExists(resultsDir.resolve(FILE_NAME));
        } catch (IOException e) {
            // the dashboard then shows the instances frozen until the next focus: said by its status line
        }
    }
}
