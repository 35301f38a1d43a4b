package lab.access.r2dbc;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumSet;
import java.util.Set;
import lab.access.ClientOptions;
import lab.access.DbClient;
import lab.access.Mode;
import lab.access.SourceUrl;
import lab.access.spi.Engine;

/** The R2DBC engine family: r2dbc-pool over the R2DBC PostgreSQL and MySQL drivers, on shared Reactor Netty event loops. */
public final class R2dbcEngine implements Engine {

    @Override
    public Set<Mode> modes() {
        return EnumSet.of(Mode.R2DBC);
    }

    @Override
    public DbClient open(SourceUrl source, Mode mode, ClientOptions options, MeterRegistry registry) {
        return new R2dbcClient(source, options, registry);
    }
}
