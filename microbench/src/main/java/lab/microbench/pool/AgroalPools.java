package lab.microbench.pool;

import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.AgroalConnectionPoolConfiguration.ConnectionValidator;
import io.agroal.api.configuration.supplier.AgroalDataSourceConfigurationSupplier;
import io.agroal.api.security.NamePrincipal;
import io.agroal.api.security.SimplePassword;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Agroal (the Quarkus/WildFly pool). initialSize stays 0: with initialSize = maxSize, Agroal 3.2.1
 * here now and then left the first borrower waiting the whole acquisition timeout (seen in 3 of 80
 * fresh pools of one connection); filling on demand (the warm-up borrows) never did.
 */
final class AgroalPools {

    private AgroalPools() {
    }

    static Pool open(PoolConfig c) {
        String query = c.validation().query();
        ConnectionValidator validator = query == null ? ConnectionValidator.defaultValidator()
                : ConnectionValidator.sqlValidator(query, Duration.ofSeconds(5));
        AgroalDataSourceConfigurationSupplier config = new AgroalDataSourceConfigurationSupplier()
                .connectionPoolConfiguration(p -> p
                        .initialSize(0).minSize(c.size()).maxSize(c.size())
                        .acquisitionTimeout(Duration.ofSeconds(30))
                        .validateOnBorrow(c.validation().onBorrow())
                        .connectionValidator(validator)
                        .connectionFactoryConfiguration(f -> f
                                .jdbcUrl(c.backend().url())
                                .connectionProviderClassName(c.backend().driverClass())
                                .principal(new NamePrincipal(c.backend().user()))
                                .credential(new SimplePassword(c.backend().password()))));
        try {
            AgroalDataSource ds = AgroalDataSource.from(config);
            return new Pool(ds, ds);
        } catch (SQLException e) {
            throw new IllegalStateException("Agroal did not start: " + e.getMessage(), e);
        }
    }
}
