package lab.access;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The access models of DESIGN.md, the one vocabulary for a mode. The portal's {@code reactive}
 * page is a portal option on {@link #NONBLOCKING} clients, not a mode of its own.
 */
public enum Mode {
    /** HikariCP + JDBC on the caller's thread; the returned stage is already complete. */
    JDBC("access-jdbc"),
    /** JDBC calls on a bounded executor (thesis "ADBCJ-JDBC"), fair or unfair session hand-off. */
    THREADPOOL("access-jdbc"),
    /** Vert.x SQL clients on non-blocking sockets: no thread waits per query. */
    NONBLOCKING("access-vertx"),
    /** JDBC with one virtual thread per call, bounded by the connection pool. */
    VIRTUAL("access-jdbc"),
    /** R2DBC drivers behind r2dbc-pool on Reactor Netty's event loops: the stack of Spring WebFlux's guides. */
    R2DBC("access-r2dbc");

    /**
     * {@link #THREADPOOL} with the {@link ClientOptions.HandOff#FAIR fair} hand-off, the thesis' own
     * driver: the prefix of its threads' names, microbench's variant and the load series of a portal
     * restarted with it (a run setting, not a mode of its own).
     */
    public static final String THREADPOOL_FAIR = "threadpool-fair";

    private final String module;

    Mode(String module) {
        this.module = module;
    }

    /** The lower-case name used in URLs, env vars and results files. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The module whose engine serves this mode (named in the error when it is missing). */
    public String module() {
        return module;
    }

    /**
     * The options only this mode reads, as {@code " name=value …"} for logs and results ("" when
     * none): the one place that knows which settings belong to which mode.
     */
    public String settings(ClientOptions o) {
        return switch (this) {
            case JDBC, VIRTUAL -> "";
            case THREADPOOL -> " executorThreads=" + o.executorThreads() + " handOff=" + o.handOff().name().toLowerCase(Locale.ROOT);
            case NONBLOCKING -> " pipelining=" + o.pipeliningLimit() + " multiplex=" + (o.multiplex() ? "on" : "off");
            case R2DBC -> " eventLoops=" + (o.eventLoops() == 0 ? "cores" : o.eventLoops());
        };
    }

    public static Mode parse(String text) {
        for (Mode m : values()) {
            if (m.id().equalsIgnoreCase(text == null ? "" : text.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown access mode '" + text + "'; valid modes: " + valid());
    }

    public static String valid() {
        return Arrays.stream(values()).map(Mode::id).collect(Collectors.joining(", "));
    }
}
