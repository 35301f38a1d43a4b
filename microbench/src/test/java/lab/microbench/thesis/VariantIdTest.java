package lab.microbench.thesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import lab.access.ClientOptions.HandOff;
import lab.access.Mode;
import org.junit.jupiter.api.Test;

/** Variant ids are JMH parameters and keys of published results: they stay as they were, and parse back. */
class VariantIdTest {

    @Test
    void idsAreTheModeWithTheDifferingSetting() {
        assertEquals(List.of("jdbc", "threadpool", "threadpool-fair", "nonblocking-pipelined", "nonblocking-unpipelined", "virtual"),
                Variant.ids(Variant.ALL));
    }

    @Test
    void everyIdParsesBackToItsModeAndSettings() {
        for (Variant v : Variant.ALL) {
            assertEquals(v, Variant.of(v.id()));
        }
        assertEquals(new Variant(Mode.THREADPOOL, HandOff.FAIR, false), Variant.of("threadpool-fair"));
        assertEquals(Mode.NONBLOCKING, Variant.of("nonblocking-unpipelined").mode());
    }

    @Test
    void unknownModesAndSettingsAreRefusedByName() {
        IllegalArgumentException mode = assertThrows(IllegalArgumentException.class, () -> Variant.of("reactive"));
        assertTrue(mode.getMessage().contains("valid modes"), mode.getMessage());
        IllegalArgumentException setting = assertThrows(IllegalArgumentException.class, () -> Variant.of("jdbc-fair"));
        assertTrue(setting.getMessage().contains("threadpool-fair"), setting.getMessage());
    }
}
