package lab.portal;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import lab.access.Mode;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The portal's access models (DESIGN.md): the four of the access module, plus {@code reactive},
 * which runs on the non-blocking clients but returns a {@code Mono} so that Tomcat's thread is
 * released while the queries run. One mode per instance, chosen by {@code PORTAL_MODE}.
 */
public enum PortalMode {
    JDBC(Mode.JDBC, "the 12 queries run one after another on the Tomcat thread, which blocks on each"),
    THREADPOOL(Mode.THREADPOOL, "the 12 queries are forked on a bounded executor (unfair hand-off) and joined by the Tomcat thread"),
    NONBLOCKING(Mode.NONBLOCKING, "the 12 queries are forked on the Vert.x clients (pipelined, no thread per query) and joined by the Tomcat thread"),
    VIRTUAL(Mode.VIRTUAL, "the 12 queries are forked on virtual threads and joined; Tomcat itself runs on virtual threads"),
    REACTIVE(Mode.NONBLOCKING, "the 12 queries are composed into a Mono on the Vert.x clients; the Tomcat thread is released while they run");

    /** Thesis appendix A.3: Tomcat raised to 1,000 request threads for the blocking versions. */
    static final int BLOCKING_TOMCAT_THREADS = 1_000;
    /** Tomcat's own default; the reactive mode holds a thread only to start and to finish a request. */
    static final int REACTIVE_TOMCAT_THREADS = 200;

    private final Mode access;
    private final String description;

    PortalMode(Mode access, String description) {
        this.access = access;
        this.description = description;
    }

    /** The access module's mode whose clients this portal mode uses. */
    public Mode access() {
        return access;
    }

    public boolean reactive() {
        return this == REACTIVE;
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String description() {
        return description;
    }

    /**
     * Mode-dependent Spring defaults, the lowest-precedence properties: any env var
     * (e.g. {@code SERVER_TOMCAT_THREADS_MAX}) or argument still overrides them.
     */
    Map<String, Object> springDefaults() {
        return Map.of(
                "portal.mode", id(),
                "server.tomcat.threads.max", reactive() ? REACTIVE_TOMCAT_THREADS : BLOCKING_TOMCAT_THREADS,
                "spring.threads.virtual.enabled", this == VIRTUAL);
    }

    public static PortalMode parse(String text) {
        String wanted = text == null ? "" : text.trim();
        for (PortalMode m : values()) {
            if (m.id().equalsIgnoreCase(wanted)) {
                return m;
            }
        }
        String problem = wanted.isEmpty() ? "PORTAL_MODE is not set" : "unknown PORTAL_MODE '" + wanted + "'";
        throw new IllegalArgumentException(problem + "; valid modes: " + valid());
    }

    public static String valid() {
        return Arrays.stream(values()).map(PortalMode::id).collect(Collectors.joining(", "));
    }

    /** Matches in the reactive mode: its controller returns a {@code Mono}. */
    static final class OnReactive implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return parse(context.getEnvironment().getProperty("portal.mode")).reactive();
        }
    }

    /** Matches in the four blocking modes: their controller joins on the request thread. */
    static final class OnBlocking implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return !parse(context.getEnvironment().getProperty("portal.mode")).reactive();
        }
    }
}
