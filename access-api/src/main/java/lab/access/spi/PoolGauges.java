package lab.access.spi;

import java.util.List;
import java.util.function.Supplier;

/**
 * A connection pool's own counts, for an engine whose pool keeps them (r2dbc-pool's
 * {@code PoolMetrics}): registered by {@link MicrometerCallListener} beside the client's meters,
 * tagged {@code name} = the pool's name, and removed with them.
 */
public record PoolGauges(String poolName, List<Gauge> gauges) {

    /** None: the engine's pool reports through meters of its own (HikariCP) or not at all (Vert.x). */
    public static final PoolGauges NONE = new PoolGauges("", List.of());

    public record Gauge(String name, String description, Supplier<Number> value) {
    }
}
