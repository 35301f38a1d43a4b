package lab.microbench.pool;

import com.mchange.v2.c3p0.ComboPooledDataSource;
import java.beans.PropertyVetoException;

/** c3p0 (com.mchange). */
final class C3p0Pools {

    /** c3p0's tester that honours preferredTestQuery (the default one since 0.10 only calls isValid). */
    private static final String QUERY_TESTER = "com.mchange.v2.c3p0.impl.DefaultConnectionTester";

    private C3p0Pools() {
    }

    static Pool open(PoolConfig c) {
        ComboPooledDataSource ds = new ComboPooledDataSource();
        try {
            ds.setDriverClass(c.backend().driverClass());
            if (c.validation().query() != null) {
                ds.setConnectionTesterClassName(QUERY_TESTER);
            }
        } catch (PropertyVetoException e) {
            throw new IllegalStateException(e);
        }
        ds.setForceUseNamedDriverClass(true);
        ds.setJdbcUrl(c.backend().url());
        ds.setUser(c.backend().user());
        ds.setPassword(c.backend().password());
        ds.setInitialPoolSize(c.size());
        ds.setMinPoolSize(c.size());
        ds.setMaxPoolSize(c.size());
        ds.setTestConnectionOnCheckout(c.validation().onBorrow());
        ds.setPreferredTestQuery(c.validation().query());
        return new Pool(ds, ds::close);
    }
}
