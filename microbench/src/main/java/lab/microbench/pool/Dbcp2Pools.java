package lab.microbench.pool;

import org.apache.commons.dbcp2.BasicDataSource;

/** Apache commons-dbcp2 (testOnBorrow is on by default there, so NONE switches it off). */
final class Dbcp2Pools {

    private Dbcp2Pools() {
    }

    static Pool open(PoolConfig c) {
        BasicDataSource ds = new BasicDataSource();
        c.backend().configure(ds::setDriverClassName, ds::setUrl, ds::setUsername, ds::setPassword);
        ds.setInitialSize(c.size());
        ds.setMaxTotal(c.size());
        ds.setMaxIdle(c.size());
        ds.setMinIdle(c.size());
        ds.setTestOnBorrow(c.validation().onBorrow());
        ds.setValidationQuery(c.validation().query());
        return new Pool(ds, ds::close);
    }
}
