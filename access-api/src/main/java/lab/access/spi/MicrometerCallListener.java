package lab.access.spi;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import lab.access.ClientOptions;
import lab.access.Mode;
import lab.access.SourceUrl;

/**
 * The meters of one client, tagged {@code source} (host:port/db) and {@code mode}, removed from
 * the registry when the client closes (one client per (source, mode) per registry):
 * {@code access.calls.inflight}, {@code access.queue.depth}, {@code access.wait},
 * {@code access.execution}, {@code access.rejected}, {@code access.pool.size},
 * {@code access.pool.open}, {@code access.multiplexed}; and the pool's own gauges where the engine
 * has them ({@link PoolGauges}: r2dbc-pool's {@code r2dbc.pool.*}, also tagged {@code name}).
 */
public final class MicrometerCallListener implements CallListener {

    private final MeterRegistry registry;
    private final Tags tags;
    private final List<Meter> meters = new CopyOnWriteArrayList<>();
    private final Timer wait;
    private final Timer execution;
    private final Counter rejected;

    /** @param openConnections connections of the client's pool open now */
    public MicrometerCallListener(MeterRegistry registry, SourceUrl source, Mode mode, ClientOptions options,
                                  Counts counts, Supplier<Number> openConnections) {
        this(registry, source, mode, options, counts, openConnections, PoolGauges.NONE);
    }

    /** @param pool the pool's own gauges */
    public MicrometerCallListener(MeterRegistry registry, SourceUrl source, Mode mode, ClientOptions options,
                                  Counts counts, Supplier<Number> openConnections, PoolGauges pool) {
        this.registry = registry;
        this.tags = Tags.of("source", source.address(), "mode", mode.id());
        this.wait = keep(Timer.builder("access.wait")
                .description("time from submission until a connection is in hand").tags(tags).register(registry));
        this.execution = keep(Timer.builder("access.execution")
                .description("time from connection in hand until the result").tags(tags).register(registry));
        this.rejected = keep(Counter.builder("access.rejected")
                .description("calls rejected because the bounded queue was full").tags(tags).register(registry));
        gauge("access.calls.inflight", "calls admitted and not finished", counts::inFlight);
        gauge("access.queue.depth", "calls admitted and still waiting for a connection", counts::queued);
        gauge("access.pool.size", "database connections per source the client may open (poolSize)", options::poolSize);
        gauge("access.pool.open", "database connections open now", openConnections);
        boolean multiplexed = mode == Mode.NONBLOCKING && options.multiplex();
        gauge("access.multiplexed", "1 when sessions share pipelined connections (nonblocking multiplex)", () -> multiplexed ? 1 : 0);
        Tags poolTags = tags.and("name", pool.poolName());
        pool.gauges().forEach(g -> keep(Gauge.builder(g.name(), g.value()).description(g.description()).tags(poolTags)
                .strongReference(true).register(registry)));
    }

    @Override
    public void waited(long nanos) {
        wait.record(nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void executed(long nanos) {
        execution.record(nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void rejected() {
        rejected.increment();
    }

    /** Registers a gauge that lives as long as the client. */
    private void gauge(String name, String description, Supplier<Number> value) {
        keep(Gauge.builder(name, value).description(description).tags(tags).strongReference(true).register(registry));
    }

    private <M extends Meter> M keep(M meter) {
        meters.add(meter);
        return meter;
    }

    @Override
    public void close() {
        meters.forEach(registry::remove);
        meters.clear();
    }
}
