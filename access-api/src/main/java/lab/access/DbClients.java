package lab.access;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import lab.access.spi.Engine;

/**
 * The one factory: (URL, mode, options) → client. The engine is the one on the class path that
 * serves the mode ({@code META-INF/services/lab.access.spi.Engine}: access-jdbc serves jdbc,
 * threadpool and virtual, access-vertx nonblocking); nothing else constructs a driver.
 */
public final class DbClients {

    private DbClients() {
    }

    public static DbClient create(SourceUrl url, Mode mode, ClientOptions options, MeterRegistry registry) {
        return engine(mode).open(url, mode, options, registry);
    }

    public static DbClient create(String url, Mode mode, ClientOptions options, MeterRegistry registry) {
        return create(SourceUrl.parse(url), mode, options, registry);
    }

    public static DbClient create(SourceUrl url, Mode mode, ClientOptions options) {
        return create(url, mode, options, new SimpleMeterRegistry());
    }

    /** The engine on the class path that serves {@code mode}. */
    public static Engine engine(Mode mode) {
        ServiceLoader<Engine> engines = ServiceLoader.load(Engine.class, DbClients.class.getClassLoader());
        for (Engine engine : engines) {
            if (engine.modes().contains(mode)) {
                return engine;
            }
        }
        String found = engines.stream().map(p -> p.type().getName()).collect(Collectors.joining(", "));
        throw new IllegalStateException("no access engine for mode '" + mode.id() + "' on the class path (found: "
                + (found.isEmpty() ? "none" : found) + "); add " + mode.module() + " as a runtime dependency");
    }
}
