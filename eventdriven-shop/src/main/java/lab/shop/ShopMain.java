package lab.shop;

import lab.shop.ShopConfig.ConfigException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@code java -jar eventdriven-shop.jar}, configured by env vars (README.md); runs until stopped (SIGTERM, Ctrl-C). */
public final class ShopMain {

    private static final Logger LOG = LoggerFactory.getLogger(ShopMain.class);

    private ShopMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        ShopConfig config;
        try {
            config = ShopConfig.fromEnv(System.getenv());
        } catch (ConfigException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
            return;
        }
        ShopApp app = ShopApp.start(config);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            LOG.info("stopping");
            app.close();
        }, "shop-shutdown"));
        LOG.info("shop listening on port {} ({} transport={})", app.port(), config.describe(), app.transport());
        // the event-loop threads keep the JVM running
    }
}
