package lab.loadgen.config;

import lab.access.Mode;

/** One row of instances.conf: an instance of an app running one access mode on one port. */
public record Instance(String name, String app, String mode, int port,
                       String healthPath, String metricsPath, String page) {

    /** The portal's mode that is an option over {@link Mode#NONBLOCKING} clients, not an access mode of its own. */
    public static final String REACTIVE = "reactive";
    /** The portal on Spring WebFlux with {@link Mode#R2DBC} clients. */
    public static final String WEBFLUX = "webflux";
    /** The portal on Spring WebFlux with {@link Mode#NONBLOCKING} (Vert.x) clients. */
    public static final String WEBFLUX_VERTX = "webflux-vertx";
    /** The mode column of an instance with no database access (the dashboard). */
    public static final String NO_MODE = "-";

    /**
     * The access mode the instance's data access runs on: the mode column parsed by {@link Mode#parse}
     * (the portal's {@code reactive} and {@code webflux-vertx} run on nonblocking clients, its
     * {@code webflux} on r2dbc ones), null for {@code -}. Refuses an
     * unknown mode.
     */
    public Mode accessMode() {
        return switch (mode) {
            case NO_MODE -> null;
            case REACTIVE, WEBFLUX_VERTX -> Mode.NONBLOCKING;
            case WEBFLUX -> Mode.R2DBC;
            default -> Mode.parse(mode);
        };
    }

    /** Whether the instance exposes Prometheus metrics ("-" in the file means none). */
    public boolean hasMetrics() {
        return metricsPath != null && !metricsPath.equals("-");
    }

    /** The path the load tools request: the thesis' single load URI per app. */
    public String loadUri() {
        return app.equals("shop") ? "/mix" : "/";
    }
}
