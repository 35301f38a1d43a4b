package lab.microbench.thesis;

import java.time.Duration;
import lab.access.ClientOptions;
import lab.access.DbClient;
import lab.access.DbClients;
import lab.access.Mode;
import lab.access.SourceUrl;

/**
 * How one benchmark variant talks to the database: an access mode and its options. The JMH
 * parameter {@code variant} holds {@link #id}.
 */
public enum Variant {
    JDBC("jdbc", Mode.JDBC, 256, ClientOptions.HandOff.UNFAIR, "JDBC (HikariCP), calls one after another on the caller's thread"),
    THREADPOOL("threadpool", Mode.THREADPOOL, 256, ClientOptions.HandOff.UNFAIR, "JDBC calls forked onto an executor, unfair hand-off, then joined"),
    THREADPOOL_FAIR("threadpool-fair", Mode.THREADPOOL, 256, ClientOptions.HandOff.FAIR, "as threadpool, fair hand-off (the thesis' original driver)"),
    NONBLOCKING_PIPELINED("nonblocking-pipelined", Mode.NONBLOCKING, 256, ClientOptions.HandOff.UNFAIR, "Vert.x SQL client, all calls fired, pipelined (limit 256)"),
    NONBLOCKING_UNPIPELINED("nonblocking-unpipelined", Mode.NONBLOCKING, 1, ClientOptions.HandOff.UNFAIR, "Vert.x SQL client, all calls fired, pipelining off (limit 1)"),
    VIRTUAL("virtual", Mode.VIRTUAL, 256, ClientOptions.HandOff.UNFAIR, "JDBC, one virtual thread per call, forked then joined");

    public static final Duration TIMEOUT = Duration.ofSeconds(60);

    public final String id;
    public final Mode mode;
    private final int pipeliningLimit;
    private final ClientOptions.HandOff handOff;
    public final String description;

    Variant(String id, Mode mode, int pipeliningLimit, ClientOptions.HandOff handOff, String description) {
        this.id = id;
        this.mode = mode;
        this.pipeliningLimit = pipeliningLimit;
        this.handOff = handOff;
        this.description = description;
    }

    public static Variant of(String id) {
        for (Variant v : values()) {
            if (v.id.equals(id)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown variant " + id);
    }

    /**
     * A client with {@code connections} connections (and as many executor threads), queue and
     * timeouts generous; a session has a connection of its own, as in the thesis' drivers
     * (nonblocking multiplexing off).
     */
    public DbClient client(SourceUrl url, int connections) {
        ClientOptions options = ClientOptions.defaults().withPoolSize(connections).withExecutorThreads(Math.max(connections, 4))
                .withQueueBound(10_000).withPipeliningLimit(pipeliningLimit).withHandOff(handOff)
                .withConnectTimeout(Duration.ofSeconds(30)).withQueryTimeout(TIMEOUT).withMultiplex(false);
        return DbClients.create(url, mode, options);
    }
}
