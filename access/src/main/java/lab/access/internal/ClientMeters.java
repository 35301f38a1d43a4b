package lab.access.internal;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import lab.access.Mode;
import lab.access.SourceUrl;

/**
 * The meters of one client, tagged {@code source} (host:port/db) and {@code mode}; removed from
 * the registry when the client closes. One client per (source, mode) per registry.
 */
final class ClientMeters implements AutoCloseable {

    private final MeterRegistry registry;
    private final Tags tags;
    private final List<Meter> meters = new CopyOnWriteArrayList<>();
    final Timer wait;
    final Timer execution;
    final Counter rejected;

    ClientMeters(MeterRegistry registry, SourceUrl source, Mode mode) {
        this.registry = registry;
        this.tags = Tags.of("source", source.address(), "mode", mode.id());
        this.wait = keep(Timer.builder("access.wait")
                .description("time from submission until a connection is in hand").tags(tags).register(registry));
        this.execution = keep(Timer.builder("access.execution")
                .description("time from connection in hand until the result").tags(tags).register(registry));
        this.rejected = keep(Counter.builder("access.rejected")
                .description("calls rejected because the bounded queue was full").tags(tags).register(registry));
    }

    /** Registers a gauge that lives as long as the client. */
    void gauge(String name, String description, Supplier<Number> value) {
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
