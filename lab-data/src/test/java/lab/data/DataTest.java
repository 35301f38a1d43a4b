package lab.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DataTest {

    @Test
    void aSourceIsItsEnvVarElseItsDefault() {
        assertEquals("mysql://u:p@db:3307/x", Sources.SHOP.url(Map.of("SHOP_DB_URL", "mysql://u:p@db:3307/x")));
        assertEquals(Sources.SHOP.defaultUrl, Sources.SHOP.url(Map.of("SHOP_DB_URL", "  ")));
        assertEquals("postgresql://bench:bench@127.0.0.1:5432/logs", Sources.LOGS_PG.url(Map.of()));
    }

    @Test
    void scalesParseByNameAndNameTheValidOnes() {
        assertEquals(Scale.TINY, Scale.parse(" Tiny "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Scale.parse("huge"));
        assertEquals("unknown SCALE 'huge'; valid: tiny, small, thesis", e.getMessage());
    }

    @Test
    void theLogCatalogueIsTheSameOnEveryRun() {
        SplittableRandom a = new SplittableRandom(42);
        SplittableRandom b = new SplittableRandom(42);
        for (int i = 0; i < 100; i++) {
            assertEquals(LogCatalog.popularUri(a), LogCatalog.popularUri(b));
        }
        assertEquals("/", LogCatalog.uris().getFirst(), "the root is the most popular URI");
        assertTrue(LogCatalog.uris().size() > 900);
        assertEquals(365 * 24, LogCatalog.HOURS);
    }
}
