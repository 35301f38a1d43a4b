package lab.access.r2dbc;

import io.asyncer.r2dbc.mysql.MySqlConnectionConfiguration;
import io.asyncer.r2dbc.mysql.MySqlConnectionFactory;
import io.asyncer.r2dbc.mysql.constant.SslMode;
import io.r2dbc.postgresql.PostgresqlConnectionConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.postgresql.client.SSLMode;
import io.r2dbc.spi.ConnectionFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import lab.access.ClientOptions;
import lab.access.DbTls;
import lab.access.SourceUrl;
import reactor.netty.resources.LoopResources;

/**
 * The driver's connection factory for a source: on the engine's event loops, TCP connect bounded
 * by {@code connectTimeout}, TLS as {@link DbTls} says (off, or the server verified against the CA
 * and its name checked: PostgreSQL {@code VERIFY_FULL}, MySQL {@code VERIFY_IDENTITY}).
 */
final class Drivers {

    /** Prepared statements kept per PostgreSQL connection, as the Vert.x client keeps them. */
    private static final int STATEMENT_CACHE = 256;

    private Drivers() {
    }

    static ConnectionFactory of(SourceUrl source, ClientOptions options, LoopResources loops) {
        return switch (source.engine()) {
            case POSTGRESQL -> postgresql(source, options, loops);
            case MYSQL -> mysql(source, options, loops);
        };
    }

    private static ConnectionFactory postgresql(SourceUrl source, ClientOptions options, LoopResources loops) {
        DbTls tls = options.tls();
        PostgresqlConnectionConfiguration.Builder b = PostgresqlConnectionConfiguration.builder()
                .host(source.host()).port(source.port()).database(source.database())
                .username(source.user()).password(source.password())
                .connectTimeout(options.connectTimeout())
                .loopResources(loops)
                .tcpNoDelay(true)
                .preparedStatementCacheQueries(STATEMENT_CACHE)
                .sslMode(tls.on() ? SSLMode.VERIFY_FULL : SSLMode.DISABLE);
        if (tls.on()) {
            b.sslRootCert(tls.caPem().toString());
        }
        return new PostgresqlConnectionFactory(b.build());
    }

    /**
     * Parameters are sent in the text protocol (the driver's default client-side prepare), as
     * Connector/J does by default: one round trip per statement, no PREPARE to cache.
     */
    private static ConnectionFactory mysql(SourceUrl source, ClientOptions options, LoopResources loops) {
        DbTls tls = options.tls();
        MySqlConnectionConfiguration.Builder b = MySqlConnectionConfiguration.builder()
                .host(source.host()).port(source.port()).database(source.database())
                .user(source.user()).password(source.password())
                .connectTimeout(options.connectTimeout())
                .loopResources(loops)
                .tcpNoDelay(true)
                .sslMode(tls.on() ? SslMode.VERIFY_IDENTITY : SslMode.DISABLED);
        if (tls.on()) {
            // the CA read once, here: given as sslCa, the driver reads the file on the event loop at every connection
            X509Certificate[] ca = caCertificates(tls.caPem());
            b.sslContextBuilderCustomizer(ssl -> ssl.trustManager(ca));
        }
        return MySqlConnectionFactory.from(b.build());
    }

    private static X509Certificate[] caCertificates(Path pem) {
        try (InputStream in = Files.newInputStream(pem)) {
            return CertificateFactory.getInstance("X.509").generateCertificates(in).toArray(X509Certificate[]::new);
        } catch (IOException | CertificateException e) {
            throw new IllegalStateException("cannot read the CA certificate " + pem + ": " + e.getMessage(), e);
        }
    }
}
