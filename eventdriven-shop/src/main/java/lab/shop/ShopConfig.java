package lab.shop;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import lab.access.ClientOptions;
import lab.access.ClientOptions.HandOff;
import lab.access.ClientOptions.Overflow;
import lab.access.Mode;
import lab.access.SourceUrl;
import lab.data.Sources;

/**
 * Everything an instance is told through its environment (README.md, "Configuration"). One mode
 * per instance; every bound has a default that lets one instance hold 10,000 connections.
 *
 * @param mode            {@code SHOP_MODE}: jdbc, threadpool, nonblocking, virtual or r2dbc (required)
 * @param port            {@code SHOP_PORT} (0 = any free port, for tests)
 * @param bind            {@code BIND}: the address to listen on (default 127.0.0.1, this machine only)
 * @param database        {@code SHOP_DB_URL}
 * @param eventLoops      {@code SHOP_EVENT_LOOPS}: Netty worker threads
 * @param backlog         {@code SHOP_BACKLOG}: accept queue (the kernel caps it at somaxconn)
 * @param idleTimeout     {@code SHOP_IDLE_TIMEOUT_SECONDS}: a silent connection is closed, and a
 *                        request must arrive completely within this time of its first byte
 * @param maxBodyBytes    {@code SHOP_MAX_BODY_BYTES}: larger request bodies get 413
 * @param transport       {@code SHOP_TRANSPORT}: Netty's socket transport
 * @param client          the access module's options, from the {@code SHOP_DB_*} variables
 */
public record ShopConfig(Mode mode, int port, String bind, SourceUrl database, int eventLoops, int backlog,
                         Duration idleTimeout, int maxBodyBytes, Transport transport, ClientOptions client) {

    /** {@code auto}: Linux epoll when Netty's native library loads, else Java NIO. */
    public enum Transport {
        AUTO, EPOLL, NIO
    }

    public static final int DEFAULT_PORT = 9081;
    public static final String DEFAULT_BIND = "127.0.0.1";

    /** Thrown for a missing or malformed variable; the message says which and what is accepted. */
    public static final class ConfigException extends RuntimeException {
        ConfigException(String message) {
            super(message);
        }
    }

    public static ShopConfig fromEnv(Map<String, String> env) {
        Env e = new Env(env);
        String modeText = e.text("SHOP_MODE");
        if (modeText == null) {
            throw new ConfigException("SHOP_MODE is not set; valid modes: " + Mode.valid());
        }
        Mode mode;
        try {
            mode = Mode.parse(modeText);
        } catch (IllegalArgumentException ex) {
            throw new ConfigException("SHOP_MODE '" + modeText + "' is not a mode; valid modes: " + Mode.valid());
        }
        int cores = Runtime.getRuntime().availableProcessors();
        int eventLoops = e.integer("SHOP_EVENT_LOOPS", cores, 1);
        SourceUrl database;
        try {
            database = SourceUrl.parse(Sources.SHOP.url(env));
        } catch (IllegalArgumentException ex) {
            throw new ConfigException("SHOP_DB_URL: " + ex.getMessage());
        }
        ClientOptions client = ClientOptions.defaults()
                .withPoolSize(e.integer("SHOP_DB_POOL_SIZE", DEFAULT_POOL_SIZE, 1))
                .withExecutorThreads(e.integer("SHOP_EXECUTOR_THREADS", 512, 1))
                .withQueueBound(e.integer("SHOP_QUEUE_BOUND", 20_000, 0))
                .withOverflow(Overflow.FAIL)
                .withHandOff(e.choice("SHOP_HANDOFF", HandOff.UNFAIR, HandOff.class))
                .withPipeliningLimit(e.integer("SHOP_PIPELINING", 256, 1))
                .withEventLoops(e.integer("SHOP_DB_EVENT_LOOPS", 0, 0))
                .withMultiplex(e.choice("SHOP_DB_MULTIPLEX", OnOff.ON, OnOff.class) == OnOff.ON)
                .withConnectTimeout(Duration.ofMillis(e.integer("SHOP_DB_CONNECT_TIMEOUT_MS", 5_000, 1)))
                .withQueryTimeout(Duration.ofMillis(e.integer("SHOP_DB_QUERY_TIMEOUT_MS", 10_000, 1)));
        return new ShopConfig(mode,
                e.integer("SHOP_PORT", DEFAULT_PORT, 0),
                e.text("BIND") == null ? DEFAULT_BIND : e.text("BIND"),
                database,
                eventLoops,
                e.integer("SHOP_BACKLOG", 4_096, 1),
                Duration.ofSeconds(e.integer("SHOP_IDLE_TIMEOUT_SECONDS", 30, 1)),
                e.integer("SHOP_MAX_BODY_BYTES", 16 * 1024, 0),
                e.choice("SHOP_TRANSPORT", Transport.AUTO, Transport.class),
                client);
    }

    /**
     * Database connections per instance, the same in every mode so that modes compare fairly
     * (access README, "Connections per source"); {@code jdbc} on the event loops uses at most one
     * per event loop of them. Twelve instances share MySQL's max_connections = 4000.
     */
    static final int DEFAULT_POOL_SIZE = 20;

    /** {@code SHOP_DB_MULTIPLEX}: {@code nonblocking} sessions share the pool's pipelined connections. */
    enum OnOff {
        ON, OFF
    }

    /** One line for the start-up log; never shows the password. */
    public String describe() {
        return "mode=" + mode.id() + " bind=" + bind + " port=" + port + " db=" + database + " eventLoops=" + eventLoops
                + " pool=" + client.poolSize()
                + mode.settings(client)
                + " queueBound=" + client.queueBound() + " idleTimeout=" + idleTimeout.toSeconds() + "s";
    }

    private record Env(Map<String, String> values) {

        String text(String name) {
            String v = values.get(name);
            return v == null || v.isBlank() ? null : v.trim();
        }

        int integer(String name, int fallback, int min) {
            String v = text(name);
            if (v == null) {
                return fallback;
            }
            try {
                int n = Integer.parseInt(v);
                if (n >= min) {
                    return n;
                }
            } catch (NumberFormatException ignored) {
                // reported below
            }
            throw new ConfigException(name + " '" + v + "' is not a whole number >= " + min);
        }

        <E extends Enum<E>> E choice(String name, E fallback, Class<E> type) {
            String v = text(name);
            if (v == null) {
                return fallback;
            }
            try {
                return Enum.valueOf(type, v.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException ex) {
                throw new ConfigException(name + " '" + v + "' is not one of " + java.util.Arrays.toString(type.getEnumConstants()).toLowerCase(Locale.ROOT));
            }
        }
    }
}
