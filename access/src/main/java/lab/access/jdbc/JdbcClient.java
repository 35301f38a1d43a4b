package lab.access.jdbc;

import io.micrometer.core.instrument.MeterRegistry;
import lab.access.ClientOptions;
import lab.access.ClientOptions.HandOff;
import lab.access.Mode;
import lab.access.SourceUrl;

/**
 * {@code jdbc}: HikariCP + the JDBC driver on the caller's thread. Every call blocks its caller
 * and returns an already completed stage (a failed one on error; it never throws).
 */
public final class JdbcClient extends JdbcBackedClient {

    public JdbcClient(SourceUrl source, ClientOptions options, MeterRegistry registry) {
        super(source, Mode.JDBC, options, registry, Runnable::run, HandOff.UNFAIR);
    }
}
