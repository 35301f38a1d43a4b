package lab.portal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import lab.access.Mode;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.PropertyResolver;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * How this instance serves a page: the access {@link Mode} of its clients and the web {@link Stack}
 * that serves it. Spring MVC on Tomcat either joins the 12 queries on the request thread or, with
 * the reactive page (on {@code nonblocking} clients only), composes them into a {@code Mono} so that
 * Tomcat's thread is released while they run; Spring WebFlux on Reactor Netty composes them on
 * either non-blocking client ({@code r2dbc} or {@code nonblocking}), with no request thread at all.
 * Set with {@code PORTAL_MODE} (an {@link #id()}: a mode, {@code reactive}, {@code webflux},
 * {@code webflux-vertx}) and {@code PORTAL_REACTIVE=true}, read in one place ({@link #configured}):
 * the serving so read picks the controllers, the web application type and the defaults.
 */
public record Serving(Mode access, Stack stack) {

    /** The web stack that serves the page. */
    public enum Stack {
        /** Spring MVC on Tomcat; the request thread joins the page's queries. */
        JOINED,
        /** Spring MVC on Tomcat; the controller returns a Reactor {@code Mono} (the {@code reactive} instance). */
        MONO,
        /** Spring WebFlux on Reactor Netty; the controller returns a {@code Mono}. */
        WEBFLUX
    }

    /** The {@code PORTAL_MODE} value, and the id, of {@code nonblocking} with the reactive page. */
    static final String REACTIVE = "reactive";
    /** The id of WebFlux on the R2DBC clients: the stack of Spring's own guides and TechEmpower's spring-webflux. */
    static final String WEBFLUX = "webflux";
    /** The id of WebFlux on the Vert.x clients: the same server as {@link #WEBFLUX}, the driver of {@code reactive}. */
    static final String WEBFLUX_VERTX = "webflux-vertx";
    private static final String WEB_APPLICATION_TYPE = "spring.main.web-application-type";
    private static final String FREEMARKER_AUTO_FLUSH = "spring.freemarker.settings.auto_flush";
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
        if (stack == Stack.MONO && access != Mode.NONBLOCKING) {
            throw new IllegalArgumentException("PORTAL_REACTIVE=true needs PORTAL_MODE=nonblocking, not " + access.id());
        }
        if (stack == Stack.WEBFLUX && !nonBlocking(access)) {
            throw new IllegalArgumentException("WebFlux needs a non-blocking client (r2dbc or nonblocking), not " + access.id());
        }
    }

    /** The joined page ({@code reactive=false}) or the MVC reactive page on {@code access}. */
    public Serving(Mode access, boolean reactive) {
        this(access, reactive ? Stack.MONO : Stack.JOINED);
    }

    /**
     * Every way to serve a page: each mode with the joined page, nonblocking with the reactive one,
     * and WebFlux on each non-blocking client.
     */
    public static List<Serving> all() {
        List<Serving> all = new ArrayList<>();
        for (Mode mode : Mode.values()) {
            all.add(new Serving(mode, Stack.JOINED));
        }
        all.add(new Serving(Mode.NONBLOCKING, Stack.MONO));
        all.add(new Serving(Mode.R2DBC, Stack.WEBFLUX));
        all.add(new Serving(Mode.NONBLOCKING, Stack.WEBFLUX));
        return List.copyOf(all);
    }

    /** A {@code PORTAL_MODE} value: any {@link #id()}. */
    public static Serving valueOf(String text) {
        String wanted = text == null ? "" : text.trim();
        if (wanted.isEmpty()) {
            throw new IllegalArgumentException("PORTAL_MODE is not set; valid modes: " + valid());
        }
        return all().stream().filter(s -> s.id().equalsIgnoreCase(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown PORTAL_MODE '" + wanted + "'; valid modes: " + valid()));
    }

    public static String valid() {
        return all().stream().map(Serving::id).collect(Collectors.joining(", "));
    }

    /** The MVC page that returns a {@code Mono} on Tomcat ({@code reactive}). */
    public boolean reactive() {
        return stack == Stack.MONO;
    }

    /** Served by Spring WebFlux on Reactor Netty. */
    public boolean webflux() {
        return stack == Stack.WEBFLUX;
    }

    /** What pages, logs and results call this instance: the mode's id, {@code reactive}, {@code webflux} or {@code webflux-vertx}. */
    public String id() {
        return switch (stack) {
            case JOINED -> access.id();
            case MONO -> REACTIVE;
            case WEBFLUX -> access == Mode.R2DBC ? WEBFLUX : WEBFLUX_VERTX;
        };
    }

    public String description() {
        return switch (stack) {
            case MONO -> "the 12 queries are composed into a Mono on the Vert.x clients; the Tomcat thread is released while they run";
            case WEBFLUX -> "Spring WebFlux on Reactor Netty: the 12 queries are composed into a Mono on the "
                    + (access == Mode.R2DBC ? "R2DBC clients (r2dbc-pool)" : "Vert.x clients (pipelined)") + "; no thread waits for them";
            case JOINED -> switch (access) {
                case JDBC -> "the 12 queries run one after another on the Tomcat thread, which blocks on each";
                case THREADPOOL -> "the 12 queries are forked on a bounded executor (unfair hand-off) and joined by the Tomcat thread";
                case NONBLOCKING -> "the 12 queries are forked on the Vert.x clients (pipelined, no thread per query) and joined by the Tomcat thread";
                case VIRTUAL -> "the 12 queries are forked on virtual threads and joined; Tomcat itself runs on virtual threads";
                case R2DBC -> "the 12 queries are forked on the R2DBC clients (r2dbc-pool, no thread per query) and joined by the Tomcat thread";
            };
        };
    }

    private static boolean nonBlocking(Mode mode) {
        return mode == Mode.NONBLOCKING || mode == Mode.R2DBC;
    }

    /** The web stack Spring Boot must start: both are on the class path, and it would pick the servlet one. */
    WebApplicationType webApplicationType() {
        return webflux() ? WebApplicationType.REACTIVE : WebApplicationType.SERVLET;
    }

    /** The {@code application} tag of every metric and the application's name: the app that serves the page. */
    String applicationName() {
        return webflux() ? "webflux-portal" : "servlet-portal";
    }

    /**
     * Defaults that depend on how pages are served, below every configured property: any env var
     * (e.g. {@code SERVER_TOMCAT_THREADS_MAX}) or argument still overrides them. The web application
     * type is not among them: {@link #webApplicationType()} sets it, and a contradicting setting fails.
     */
    Map<String, Object> springDefaults() {
        if (webflux()) {
            // flush at the end of the template: WebFlux's FreeMarkerView writes through an OutputStreamWriter
            // it never flushes, and without it a page stopped at its first include (177 bytes). The templates
            // are in the jar: their staleness is checked hourly, not every 5 s (lab.portal.webflux.EventLoopFreeMarkerView)
            return Map.of("portal.serving", id(), "spring.application.name", applicationName(),
                    "spring.threads.virtual.enabled", false, FREEMARKER_AUTO_FLUSH, true,
                    "spring.freemarker.settings.template_update_delay", "1h");
        }
        Map<String, Object> defaults = new HashMap<>(Map.of(
                "portal.serving", id(),
                "spring.application.name", applicationName(),
                // no flush at the end of a template: a page that fits Tomcat's buffer goes out in one write with
                // its Content-Length, instead of a flushed chunk and then the terminating chunk (two writes a page)
                FREEMARKER_AUTO_FLUSH, false,
                "server.tomcat.threads.max", reactive() ? REACTIVE_TOMCAT_THREADS : BLOCKING_TOMCAT_THREADS,
                "spring.threads.virtual.enabled", access == Mode.VIRTUAL));
        if (reactive()) {
            // Spring's default of 10 spare threads would be more than the maximum
            defaults.put("server.tomcat.threads.min-spare", REACTIVE_TOMCAT_THREADS);
        }
        return Map.copyOf(defaults);
    }

    /** {@code portal.mode}, made reactive by {@code portal.reactive=true} (an MVC page on Tomcat, so never on WebFlux). */
    static Serving of(String mode, boolean reactive) {
        Serving serving = valueOf(mode);
        return reactive ? serving.withReactivePage() : serving;
    }

    /** The same clients with the MVC reactive page ({@code PORTAL_REACTIVE=true}): an MVC page, so never on WebFlux. */
    Serving withReactivePage() {
        if (webflux()) {
            throw new IllegalArgumentException("PORTAL_REACTIVE=true is the reactive page of Spring MVC; PORTAL_MODE="
                    + id() + " is served by Spring WebFlux: unset one of them");
        }
        return new Serving(access, Stack.MONO);
    }

    /**
     * How this instance serves pages, as configured ({@code portal.mode}, {@code portal.reactive}); an
     * explicit {@code spring.main.web-application-type} that contradicts it fails here, at start, rather
     * than start one web stack holding the other's controller.
     */
    static Serving configured(PropertyResolver properties) {
        Serving serving = of(properties.getProperty("portal.mode"), properties.getProperty("portal.reactive", Boolean.class, false));
        String declared = properties.getProperty(WEB_APPLICATION_TYPE);
        if (declared != null && !declared.strip().equalsIgnoreCase(serving.webApplicationType().name())) {
            throw new IllegalArgumentException("SPRING_MAIN_WEB_APPLICATION_TYPE=" + declared.strip() + " contradicts PORTAL_MODE="
                    + serving.id() + ", which " + (serving.webflux() ? "Spring WebFlux (reactive)" : "Spring MVC on Tomcat (servlet)")
                    + " serves: unset it, PORTAL_MODE alone chooses the web stack");
        }
        return serving;
    }

    private static Serving configured(ConditionContext context) {
        return configured(context.getEnvironment());
    }

    /** Matches when the MVC page is reactive: its controller returns a {@code Mono} to Tomcat. */
    static final class OnReactive implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return configured(context).reactive();
        }
    }

    /** Matches when the page is joined on the request thread (Spring MVC without the reactive option). */
    static final class OnBlocking implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return configured(context).stack() == Stack.JOINED;
        }
    }

    /** Matches when Spring WebFlux serves the page. */
    public static final class OnWebflux implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return configured(context).webflux();
        }
    }
}
