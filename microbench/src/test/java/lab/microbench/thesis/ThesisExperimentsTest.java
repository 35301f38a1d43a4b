package lab.microbench.thesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which of Table 4.1's rounds of forks on a drifting link is kept, and what becomes of their files. */
class ThesisExperimentsTest {

    @TempDir
    Path out;

    @Test
    void theFirstRoundIsKeptWhenTheRoundRunAgainDriftedFurther() throws Exception {
        Path part = write("table.json.MYSQL.part", "first");
        Path again = write("table.json.MYSQL.part.round2", "second");
        ThesisExperiments.Round first = round(part, 0.227);
        ThesisExperiments.Round second = round(again, 0.118);

        assertSame(first, ThesisExperiments.keep("lan", List.of(first, second), part));
        assertEquals("first", Files.readString(part));
        assertFalse(Files.exists(again), "the other round's file is gone");
    }

    @Test
    void theRoundRunAgainIsKeptWhenItsCheckCameCloser() throws Exception {
        Path part = write("table.json.POSTGRESQL.part", "first");
        Path again = write("table.json.POSTGRESQL.part.round2", "second");
        ThesisExperiments.Round second = round(again, 0.185);

        assertSame(second, ThesisExperiments.keep("lan", List.of(round(part, 0.458), second), part));
        assertEquals("second", Files.readString(part), "its results take the engine's file");
        assertFalse(Files.exists(again));
    }

    @Test
    void aSingleRoundWithoutCalibrationIsKeptAsItIs() throws Exception {
        Path part = write("table.json.MYSQL.part", "loopback");
        ThesisExperiments.Round only = new ThesisExperiments.Round(part, 0.05, null);

        assertSame(only, ThesisExperiments.keep("loopback", List.of(only), part));
        assertEquals("loopback", Files.readString(part));
    }

    private Path write(String name, String content) throws Exception {
        return Files.writeString(out.resolve(name), content);
    }

    private static ThesisExperiments.Round round(Path file, double addedAfterMs) {
        return new ThesisExperiments.Round(file, 0.2, Map.of("addedMs", 0.19, "addedAfterMs", addedAfterMs));
    }
}
