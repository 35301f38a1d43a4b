package lab.microbench.pool;

import org.apache.tomcat.jdbc.pool.DataSource;
import org.apache.tomcat.jdbc.pool.PoolProperties;

/** Tomcat jdbc-pool with its fair queue on or off; validationInterval 0 so that every borrow is validated. */
final class TomcatPools {

    private TomcatPools() {
    }

    static Pool open(PoolConfig c, boolean fairQueue) {
        PoolProperties p = new PoolProperties();
        c.backend().configure(p::setDriverClassName, p::setUrl, p::setUsername, p::setPassword);
        p.setInitialSize(c.size());
        p.setMaxActive(c.size());
        p.setMaxIdle(c.size());
        p.setMinIdle(c.size());
        p.setFairQueue(fairQueue);
        p.setTestOnBorrow(c.validation().onBorrow());
        p.setValidationQuery(c.validation().query());
        p.setValidationInterval(0);
        p.setJmxEnabled(false);
        DataSource ds = new DataSource(p);
        try {
            ds.createPool();
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException("Tomcat jdbc-pool did not start: " + e.getMessage(), e);
        }
        return new Pool(ds, ds::close);
    }
}
