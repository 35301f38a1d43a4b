package lab.microbench.pool;

import org.vibur.dbcp.ViburDBCPDataSource;

/** Vibur DBCP: idle limit 0 validates on every borrow, -1 never. */
final class ViburPools {

    private ViburPools() {
    }

    static Pool open(PoolConfig c) {
        ViburDBCPDataSource ds = new ViburDBCPDataSource();
        ds.setName("bench-vibur");
        ds.setEnableJMX(false);
        c.backend().configure(ds::setDriverClassName, ds::setJdbcUrl, ds::setUsername, ds::setPassword);
        ds.setPoolInitialSize(c.size());
        ds.setPoolMaxSize(c.size());
        ds.setConnectionIdleLimitInSeconds(c.validation().onBorrow() ? 0 : -1);
        String query = c.validation().query();
        ds.setTestConnectionQuery(query == null ? "isValid" : query);
        ds.start();
        return new Pool(ds, ds::close);
    }
}
