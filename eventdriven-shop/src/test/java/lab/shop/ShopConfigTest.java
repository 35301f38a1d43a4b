package lab.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import lab.access.Mode;
import lab.shop.ShopConfig.ConfigException;
import lab.shop.store.ShopStore;
import org.junit.jupiter.api.Test;

/** Configuration from the environment, and the search-term normalisation. */
class ShopConfigTest {

    @Test
    void defaultsPerMode() {
        ShopConfig nb = ShopConfig.fromEnv(Map.of("SHOP_MODE", "nonblocking"));
        assertEquals(Mode.NONBLOCKING, nb.mode());
        assertEquals(9081, nb.port());
        assertEquals(20, nb.client().poolSize());
        assertEquals(true, nb.client().multiplex());
        assertEquals("127.0.0.1", nb.bind(), "this machine only by default");
        assertEquals("0.0.0.0", ShopConfig.fromEnv(Map.of("SHOP_MODE", "jdbc", "BIND", "0.0.0.0")).bind());
        assertEquals(20_000, nb.client().queueBound());
        assertEquals(4_096, nb.backlog());
        assertEquals("shop", nb.database().database());
        assertEquals(Runtime.getRuntime().availableProcessors(), nb.eventLoops());

        ShopConfig tp = ShopConfig.fromEnv(Map.of("SHOP_MODE", "ThreadPool", "SHOP_PORT", "9082", "SHOP_EXECUTOR_THREADS", "2200"));
        assertEquals(20, tp.client().poolSize());
        assertEquals(2_200, tp.client().executorThreads());
        assertEquals(9082, tp.port());

        assertEquals(20, ShopConfig.fromEnv(Map.of("SHOP_MODE", "jdbc", "SHOP_EVENT_LOOPS", "3")).client().poolSize());
        assertEquals(false, ShopConfig.fromEnv(Map.of("SHOP_MODE", "nonblocking", "SHOP_DB_MULTIPLEX", "off")).client().multiplex());
        assertEquals(ShopConfig.Transport.AUTO, nb.transport());
        assertEquals(ShopConfig.Transport.NIO, ShopConfig.fromEnv(Map.of("SHOP_MODE", "jdbc", "SHOP_TRANSPORT", "nio")).transport());
    }

    @Test
    void invalidValuesAreRefusedWithTheChoices() {
        ConfigException e = assertThrows(ConfigException.class, () -> ShopConfig.fromEnv(Map.of("SHOP_MODE", "reactive")));
        assertTrue(e.getMessage().contains("jdbc, threadpool, nonblocking, virtual"), e.getMessage());
        assertThrows(ConfigException.class, () -> ShopConfig.fromEnv(Map.of()));
        assertThrows(ConfigException.class, () -> ShopConfig.fromEnv(Map.of("SHOP_MODE", "virtual", "SHOP_PORT", "http")));
        assertThrows(ConfigException.class, () -> ShopConfig.fromEnv(Map.of("SHOP_MODE", "virtual", "SHOP_DB_POOL_SIZE", "0")));
        assertThrows(ConfigException.class, () -> ShopConfig.fromEnv(Map.of("SHOP_MODE", "virtual", "SHOP_DB_URL", "oracle://x@y/z")));
        assertThrows(ConfigException.class, () -> ShopConfig.fromEnv(Map.of("SHOP_MODE", "threadpool", "SHOP_HANDOFF", "sometimes")));
        assertThrows(ConfigException.class, () -> ShopConfig.fromEnv(Map.of("SHOP_MODE", "threadpool", "SHOP_TRANSPORT", "rdma")));
    }

    @Test
    void anInvalidModeStopsTheProcessAtOnce() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), ShopMain.class.getName());
        pb.environment().put("SHOP_MODE", "turbo");
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.redirectError(ProcessBuilder.Redirect.PIPE);
        Process p = pb.start();
        assertTrue(p.waitFor(20, TimeUnit.SECONDS), "exits at once");
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, p.exitValue(), err);
        assertTrue(err.contains("valid modes: jdbc, threadpool, nonblocking, virtual"), err);
        assertTrue(new File(java).exists() || java.equals("java"));
    }

    @Test
    void searchTermsAreNormalisedToBoundedLiteralText() {
        assertEquals("mug", ShopStore.normaliseTerm("  MuG\t"));
        assertEquals("' or '1'='1", ShopStore.normaliseTerm("' OR '1'='1"));
        assertEquals("mug%_", ShopStore.normaliseTerm("mug%_"));
        assertEquals("mug", ShopStore.normaliseTerm("mu\u0000g"));
        assertEquals(40, ShopStore.normaliseTerm("a".repeat(10_240)).length());
        assertEquals("", ShopStore.normaliseTerm(null));
        String emoji = "\uD83D\uDE00".repeat(50);
        assertEquals(40, ShopStore.normaliseTerm(emoji).codePointCount(0, ShopStore.normaliseTerm(emoji).length()));
    }
}
