package lab.access.nonblocking;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumSet;
import java.util.Set;
import lab.access.ClientOptions;
import lab.access.DbClient;
import lab.access.Mode;
import lab.access.SourceUrl;
import lab.access.spi.Engine;

/** The Vert.x engine family: the Vert.x MySQL and PostgreSQL clients on shared event loops. */
public final class VertxEngine implements Engine {

    @Override
    public Set<Mode> modes() {
        return EnumSet.of(Mode.NONBLOCKING);
    }

    @Override
    public DbClient open(SourceUrl source, Mode mode, ClientOptions options, MeterRegistry registry) {
        return new NonBlockingClient(source, options, registry);
    }
}
