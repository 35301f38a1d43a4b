package lab.shop;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import lab.access.Mode;
import lab.access.SourceUrl;
import lab.data.Scale;
import lab.data.Sources;
import lab.seed.Dataset;
import lab.seed.Seeder;

/**
 * Shops started in this JVM on a random port, over the throw-away database {@code bench_shop_test}
 * (tiny scale, seeded once per run on the server SHOP_DB_URL names). Settings are small enough
 * for a 2-core machine; tests override what they exercise.
 */
final class TestShops {

    /** Sizes for a 2-core machine running the suite. */
    private static final Map<String, String> SMALL = Map.of(
            "SHOP_EVENT_LOOPS", "2", "SHOP_DB_EVENT_LOOPS", "2", "SHOP_DB_POOL_SIZE", "4", "SHOP_EXECUTOR_THREADS", "16",
            "SHOP_DB_CONNECT_TIMEOUT_MS", "3000", "SHOP_DB_QUERY_TIMEOUT_MS", "8000");
    private static SourceUrl database;
    private static final Map<Mode, ShopApp> SHARED = new EnumMap<>(Mode.class);

    private TestShops() {
    }

    static synchronized SourceUrl database() {
        if (database == null) {
            database = new Seeder(Scale.TINY, Seeder.DEFAULT_SEED).seedFreshDatabase(Dataset.SHOP, SourceUrl.parse(Sources.SHOP.url()), "shop_test");
        }
        return database;
    }

    /** A shop of this mode for tests that only read or buy: started once, stopped when the JVM exits. */
    static synchronized ShopApp shared(Mode mode) {
        ShopApp app = SHARED.get(mode);
        if (app == null) {
            app = start(mode, Map.of());
            SHARED.put(mode, app);
            if (SHARED.size() == 1) {
                Runtime.getRuntime().addShutdownHook(new Thread(TestShops::closeShared));
            }
        }
        return app;
    }

    /** A shop of its own (the caller closes it); {@code overrides} are env vars (README.md). */
    static ShopApp start(Mode mode, Map<String, String> overrides) {
        Map<String, String> env = new HashMap<>(SMALL);
        env.putAll(Map.of("SHOP_MODE", mode.id(), "SHOP_PORT", "0", "SHOP_DB_URL", text(database())));
        env.putAll(overrides);
        try {
            return ShopApp.start(ShopConfig.fromEnv(env));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The URL with its password, as an env var holds it. */
    static String text(SourceUrl url) {
        return url.engine().scheme + "://" + url.user() + ":" + url.password() + "@" + url.host() + ":" + url.port() + "/" + url.database();
    }

    private static synchronized void closeShared() {
        SHARED.values().forEach(ShopApp::close);
        SHARED.clear();
    }
}
