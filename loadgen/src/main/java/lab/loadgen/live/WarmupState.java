package lab.loadgen.live;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;

import lab.report.results.ResultsJson;

/**
 * make up's warm-up as it goes, which runs in the background: {@code results/.warmup.json}, written
 * by the warm-up after each window, read by the dashboard (each instance's row says how its warm-up
 * went). {@code done}: every instance has had its turn.
 *
 * @param instances the instances in turn: done ones with their outcome, the one warming now last
 */
public record WarmupState(long startedMs, long updatedMs, int planned, boolean done, List<Instance> instances) {

    /** Hidden: the dashboard's file listing and run index leave it out. */
    public static final String FILE_NAME = ".warmup.json";

    /** @param state "warming", "steady", "not steady" (its cap reached) or "no answer" */
    public record Instance(String name, String state, double seconds, Double goodput) {
    }

    public static Optional<WarmupState> read(Path resultsDir) {
        Path file = resultsDir.resolve(FILE_NAME);
        try {
            return Optional.of(ResultsJson.mapper().readValue(Files.readString(file), WarmupState.class));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // a view: an unreadable state shows as none
        }
    }

    public void write(Path resultsDir) {
        Path file = resultsDir.resolve(FILE_NAME);
        Path tmp = resultsDir.resolve(FILE_NAME + ".tmp");
        try {
            Files.createDirectories(resultsDir);
            Files.writeString(tmp, ResultsJson.mapper().writeValueAsString(this));
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** The instance's entry, or null when its turn has not come. */
    public Instance of(String name) {
        return instances.stream().filter(i -> i.name().equals(name)).findFirst().orElse(null);
    }
}
