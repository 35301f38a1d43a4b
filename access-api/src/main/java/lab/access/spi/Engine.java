package lab.access.spi;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.Set;
import lab.access.ClientOptions;
import lab.access.DbClient;
import lab.access.Mode;
import lab.access.SourceUrl;

/**
 * An engine family: the modes it serves and how it opens a client. Listed in
 * {@code META-INF/services/lab.access.spi.Engine} of its module and found by
 * {@link lab.access.DbClients} through {@link java.util.ServiceLoader}; needs a public no-argument constructor.
 */
public interface Engine {

    /** The modes this engine serves; no two engines on a class path serve the same one. */
    Set<Mode> modes();

    /**
     * A client for one source in one of {@link #modes()}; its meters (tagged {@code source} and
     * {@code mode}) go to {@code registry} and leave it when the client closes.
     */
    DbClient open(SourceUrl source, Mode mode, ClientOptions options, MeterRegistry registry);
}
