package lab.access.virtual;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.Executors;
import lab.access.ClientOptions;
import lab.access.ClientOptions.HandOff;
import lab.access.Mode;
import lab.access.SourceUrl;
import lab.access.jdbc.JdbcBackedClient;

/**
 * {@code virtual}: JDBC with one virtual thread per call ({@code virtual-<engine>-<db>-N}); concurrency
 * is bounded by the Hikari pool (and admission), not by threads. A session's calls run one after
 * another, each on its own virtual thread.
 */
public final class VirtualThreadClient extends JdbcBackedClient {

    public VirtualThreadClient(SourceUrl source, ClientOptions options, MeterRegistry registry) {
        super(source, Mode.VIRTUAL, options, registry,
                Executors.newThreadPerTaskExecutor(Thread.ofVirtual()
                        .name("virtual-" + source.engine().scheme + "-" + source.database() + "-", 0).factory()),
                HandOff.FAIR);
    }
}
