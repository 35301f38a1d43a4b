package lab.access;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import lab.access.jdbc.JdbcClient;
import lab.access.nonblocking.NonBlockingClient;

/** The one factory: (URL, mode, options) → client. Nothing else constructs a driver. */
public final class DbClients {

    private DbClients() {
    }

    public static DbClient create(SourceUrl url, Mode mode, ClientOptions options, MeterRegistry registry) {
        return switch (mode) {
            case JDBC, THREADPOOL, VIRTUAL -> new JdbcClient(url, mode, options, registry);
            case NONBLOCKING -> new NonBlockingClient(url, options, registry);
        };
    }

    public static DbClient create(String url, Mode mode, ClientOptions options, MeterRegistry registry) {
        return create(SourceUrl.parse(url), mode, options, registry);
    }

    public static DbClient create(SourceUrl url, Mode mode, ClientOptions options) {
        return create(url, mode, options, new SimpleMeterRegistry());
    }
}
