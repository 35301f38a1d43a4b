package lab.access.jdbc;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumSet;
import java.util.Set;
import lab.access.ClientOptions;
import lab.access.DbClient;
import lab.access.Mode;
import lab.access.SourceUrl;
import lab.access.spi.Engine;

/** The JDBC engine family: HikariCP and the JDBC drivers, the modes differing only in which thread runs a call. */
public final class JdbcEngine implements Engine {

    @Override
    public Set<Mode> modes() {
        return EnumSet.of(Mode.JDBC, Mode.THREADPOOL, Mode.VIRTUAL);
    }

    @Override
    public DbClient open(SourceUrl source, Mode mode, ClientOptions options, MeterRegistry registry) {
        return new JdbcClient(source, mode, options, registry);
    }
}
