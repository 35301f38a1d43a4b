package lab.microbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** --only: one list of experiments for the one runner, with its groups. */
class ExperimentTest {

    @Test
    void groupsSelectTheirExperiments() {
        assertEquals(EnumSet.of(Experiment.TABLE, Experiment.PIPELINING, Experiment.HORIZONTAL, Experiment.VERTICAL),
                Experiment.select(List.of("thesis")));
        assertEquals(EnumSet.of(Experiment.THROUGHPUT, Experiment.FAIRNESS, Experiment.OVERHEAD, Experiment.VALIDATION,
                Experiment.DRIVERS), Experiment.select(List.of("pools", "drivers")));
        assertEquals(EnumSet.allOf(Experiment.class), Experiment.select(List.of()));
        assertEquals(EnumSet.of(Experiment.TABLE, Experiment.FAIRNESS), Experiment.select(List.of(" Table", "fairness")));
        assertTrue(Experiment.select(List.of("thesis")).stream().allMatch(Experiment::thesis));
    }

    @Test
    void anUnknownNameSaysWhatIsKnown() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Experiment.select(List.of("tabel")));
        assertTrue(e.getMessage().contains("'tabel'") && e.getMessage().contains("pipelining") && e.getMessage().contains("thesis"),
                e.getMessage());
    }
}
