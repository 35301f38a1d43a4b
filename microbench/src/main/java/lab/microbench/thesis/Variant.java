package lab.microbench.thesis;

import java.time.Duration;
import java.util.List;
import lab.access.ClientOptions;
import lab.access.ClientOptions.HandOff;
import lab.access.DbClient;
import lab.access.DbClients;
import lab.access.Mode;
import lab.access.SourceUrl;

/**
 * How one benchmark variant talks to the database: an access {@link Mode} and the client settings
 * the thesis varies (session hand-off, pipelining). Multiplexing is always off: a session has a
 * connection of its own, as in the thesis' drivers. The JMH parameter {@code variant} holds
 * {@link #id()}: the mode's id, with the setting that differs from the default as a suffix.
 */
public record Variant(Mode mode, HandOff handOff, boolean pipelined) {

    public static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** Pipelined: as many queries in flight on a connection as the thesis' Netty driver allowed. */
    private static final int PIPELINED_LIMIT = 256;

    public static final Variant JDBC = new Variant(Mode.JDBC, HandOff.UNFAIR, false);
    public static final Variant THREADPOOL = new Variant(Mode.THREADPOOL, HandOff.UNFAIR, false);
    public static final Variant THREADPOOL_FAIR = new Variant(Mode.THREADPOOL, HandOff.FAIR, false);
    public static final Variant NONBLOCKING_PIPELINED = new Variant(Mode.NONBLOCKING, HandOff.UNFAIR, true);
    public static final Variant NONBLOCKING_UNPIPELINED = new Variant(Mode.NONBLOCKING, HandOff.UNFAIR, false);
    public static final Variant VIRTUAL = new Variant(Mode.VIRTUAL, HandOff.UNFAIR, false);

    /** Every variant, in the order the pages list them. */
    public static final List<Variant> ALL = List.of(JDBC, THREADPOOL, THREADPOOL_FAIR, NONBLOCKING_PIPELINED,
            NONBLOCKING_UNPIPELINED, VIRTUAL);

    /** The id in JMH parameters and results: {@code jdbc}, {@code threadpool-fair}, {@code nonblocking-pipelined}, ... */
    public String id() {
        return mode.id() + switch (mode) {
            case THREADPOOL -> handOff == HandOff.FAIR ? "-fair" : "";
            case NONBLOCKING -> pipelined ? "-pipelined" : "-unpipelined";
            default -> "";
        };
    }

    /** The variant of an id: its mode word is parsed by {@link Mode#parse}, the rest names the setting. */
    public static Variant of(String id) {
        Mode mode = Mode.parse(id.contains("-") ? id.substring(0, id.indexOf('-')) : id);
        return ALL.stream().filter(v -> v.mode == mode && v.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown variant '" + id + "'; variants: "
                        + ALL.stream().map(Variant::id).toList()));
    }

    public static List<String> ids(List<Variant> variants) {
        return variants.stream().map(Variant::id).toList();
    }

    public String description() {
        return switch (mode) {
            case JDBC -> "JDBC (HikariCP), calls one after another on the caller's thread";
            case THREADPOOL -> handOff == HandOff.FAIR ? "as threadpool, fair hand-off (the thesis' original driver)"
                    : "JDBC calls forked onto an executor, unfair hand-off, then joined";
            case NONBLOCKING -> pipelined ? "Vert.x SQL client, all calls fired, pipelined (limit " + PIPELINED_LIMIT + ")"
                    : "Vert.x SQL client, all calls fired, pipelining off (limit 1)";
            case VIRTUAL -> "JDBC, one virtual thread per call, forked then joined";
            case R2DBC -> "R2DBC driver behind r2dbc-pool, all calls fired";
        };
    }

    /**
     * A client with {@code connections} connections (and as many executor threads), queue and
     * timeouts generous.
     */
    public DbClient client(SourceUrl url, int connections) {
        ClientOptions options = ClientOptions.defaults().withPoolSize(connections).withExecutorThreads(Math.max(connections, 4))
                .withQueueBound(10_000).withPipeliningLimit(pipelined || mode != Mode.NONBLOCKING ? PIPELINED_LIMIT : 1)
                .withHandOff(handOff).withConnectTimeout(Duration.ofSeconds(30)).withQueryTimeout(TIMEOUT).withMultiplex(false);
        return DbClients.create(url, mode, options);
    }
}
