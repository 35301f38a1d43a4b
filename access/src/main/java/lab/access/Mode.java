package lab.access;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The access models of DESIGN.md. The portal's {@code reactive} mode runs on {@link #NONBLOCKING} clients. */
public enum Mode {
    /** HikariCP + JDBC on the caller's thread; the returned stage is already complete. */
    JDBC,
    /** JDBC calls on a bounded executor (thesis "ADBCJ-JDBC"), fair or unfair session hand-off. */
    THREADPOOL,
    /** Vert.x SQL clients on non-blocking sockets: no thread waits per query. */
    NONBLOCKING,
    /** JDBC with one virtual thread per call, bounded by the connection pool. */
    VIRTUAL;

    /** The lower-case name used in URLs, env vars and results files. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
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
