package lab.loadgen.live;

import java.nio.file.Path;
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

    /** @param state "warming", "steady", "not steady" (its cap reached), "no answer" or "stopped" (make down, or make up again, ended it) */
    public record Instance(String name, String state, double seconds, Double goodput) {
    }

    /** The warm-up's state, or empty when there is none or it cannot be read. */
    public static Optional<WarmupState> read(Path resultsDir) {
        return ResultsJson.readIfPresent(resultsDir.resolve(FILE_NAME), WarmupState.class);
    }

    public void write(Path resultsDir) {
        ResultsJson.write(this, resultsDir.resolve(FILE_NAME));
    }

    /** The instance's entry, or null when its turn has not come. */
    public Instance of(String name) {
        return instances.stream().filter(i -> i.name().equals(name)).findFirst().orElse(null);
    }
}
