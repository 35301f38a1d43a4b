package lab.portal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import lab.access.Mode;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * How this instance serves a page: the access {@link Mode} of its clients, and whether the page is
 * reactive (a portal option, on {@code nonblocking} clients only): the 12 queries composed into a
 * {@code Mono}, so that Tomcat's thread is released while they run, instead of joined on it. Set
 * with {@code PORTAL_MODE} and {@code PORTAL_REACTIVE=true}; {@code PORTAL_MODE=reactive} is short
 * for {@code nonblocking} with the reactive page, and {@link #id()} names that pair {@code reactive}.
 */
public record Serving(Mode access, boolean reactive) {

    /** The {@code PORTAL_MODE} value, and the id, of {@code nonblocking} with the reactive page. */
    static final String REACTIVE = "reactive";
    /** Thesis appendix A.3: Tomcat raised to 1,000 request threads for the blocking versions. */
    static final int BLOCKING_TOMCAT_THREADS = 1_000;
    /**
     * The reactive page holds a Tomcat thread only to start a request and to render it (CPU work,
     * nothing blocks), so a few threads per core serve any number of connections. Tomcat's own
     * default of 200 was reached under load anyway: its executor starts a new thread whenever a
     * task finds none idle, and 200 connections' requests and async dispatches arrive in bursts;
     * the threads then sat idle for 60 s (a thread dump at 200 connections: 189 of 193 parked in
     * the executor's queue). 8 threads, fixed, served as many pages per second (issue 32).
     */
    static final int REACTIVE_TOMCAT_THREADS = Math.max(8, 2 * Runtime.getRuntime().availableProcessors());

    public Serving {
        if (reactive && access != Mode.NONBLOCKING) {
            throw new IllegalArgumentException("PORTAL_REACTIVE=true needs PORTAL_MODE=nonblocking, not " + access.id());
        }
    }

    /** Every way to serve a page: each mode with the joined page, and nonblocking with the reactive one. */
    public static List<Serving> all() {
        List<Serving> all = new ArrayList<>();
        for (Mode mode : Mode.values()) {
            all.add(new Serving(mode, false));
        }
        all.add(new Serving(Mode.NONBLOCKING, true));
        return List.copyOf(all);
    }

    /** A {@code PORTAL_MODE} value: a mode id, or {@code reactive}. */
    public static Serving valueOf(String text) {
        String wanted = text == null ? "" : text.trim();
        if (wanted.isEmpty()) {
            throw new IllegalArgumentException("PORTAL_MODE is not set; valid modes: " + valid());
        }
        if (wanted.equalsIgnoreCase(REACTIVE)) {
            return new Serving(Mode.NONBLOCKING, true);
        }
        try {
            return new Serving(Mode.parse(wanted), false);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown PORTAL_MODE '" + wanted + "'; valid modes: " + valid(), e);
        }
    }

    public static String valid() {
        return all().stream().map(Serving::id).collect(Collectors.joining(", "));
    }

    /** The mode's id, or {@code reactive} for the reactive page: what pages, logs and results call this instance. */
    public String id() {
        return reactive ? REACTIVE : access.id();
    }

    public String description() {
        if (reactive) {
            return "the 12 queries are composed into a Mono on the Vert.x clients; the Tomcat thread is released while they run";
        }
        return switch (access) {
            case JDBC -> "the 12 queries run one after another on the Tomcat thread, which blocks on each";
            case THREADPOOL -> "the 12 queries are forked on a bounded executor (unfair hand-off) and joined by the Tomcat thread";
            case NONBLOCKING -> "the 12 queries are forked on the Vert.x clients (pipelined, no thread per query) and joined by the Tomcat thread";
            case VIRTUAL -> "the 12 queries are forked on virtual threads and joined; Tomcat itself runs on virtual threads";
        };
    }

    /**
     * Defaults that depend on how pages are served, the lowest-precedence properties: any env var
     * (e.g. {@code SERVER_TOMCAT_THREADS_MAX}) or argument still overrides them.
     */
    Map<String, Object> springDefaults() {
        Map<String, Object> defaults = new HashMap<>(Map.of(
                "portal.mode", id(),
                "portal.serving", id(),
                "server.tomcat.threads.max", reactive ? REACTIVE_TOMCAT_THREADS : BLOCKING_TOMCAT_THREADS,
                "spring.threads.virtual.enabled", access == Mode.VIRTUAL));
        if (reactive) {
            // Spring's default of 10 spare threads would be more than the maximum
            defaults.put("server.tomcat.threads.min-spare", REACTIVE_TOMCAT_THREADS);
        }
        return Map.copyOf(defaults);
    }

    /** As configured: {@code portal.mode}, made reactive by {@code portal.reactive=true}. */
    static Serving of(String mode, boolean reactive) {
        Serving serving = valueOf(mode);
        return reactive ? new Serving(serving.access, true) : serving;
    }

    private static Serving configured(ConditionContext context) {
        return of(context.getEnvironment().getProperty("portal.mode"),
                context.getEnvironment().getProperty("portal.reactive", Boolean.class, false));
    }

    /** Matches when the page is reactive: its controller returns a {@code Mono}. */
    static final class OnReactive implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return configured(context).reactive();
        }
    }

    /** Matches when the page is joined on the request thread (every mode without the reactive option). */
    static final class OnBlocking implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return !configured(context).reactive();
        }
    }
}
