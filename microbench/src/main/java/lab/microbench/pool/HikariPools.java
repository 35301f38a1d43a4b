package lab.microbench.pool;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

/**
 * HikariCP. It validates a borrowed connection only when it sat idle longer than its bypass window
 * (500 ms by default; the comparison is "idle ms &gt; window", so a window of 0 still skips
 * connections returned within the same millisecond: -1 validates every borrow).
 */
final class HikariPools {

    static final String BYPASS_WINDOW = "com.zaxxer.hikari.aliveBypassWindowMs";

    private HikariPools() {
    }

    static Pool open(PoolConfig c) {
        HikariConfig h = new HikariConfig();
        h.setPoolName("bench-hikari");
        c.backend().configure(h::setDriverClassName, h::setJdbcUrl, h::setUsername, h::setPassword);
        h.setMaximumPoolSize(c.size());
        h.setMinimumIdle(c.size());
        h.setConnectionTestQuery(c.validation().query());
        HikariDataSource ds = openWithBypassWindow(h, c.validation().onBorrow() ? "-1" : null);
        return new Pool(ds, ds);
    }

    /** The window is read from a system property when the pool is built: set it for this pool only. */
    private static synchronized HikariDataSource openWithBypassWindow(HikariConfig h, String windowMs) {
        String before = System.getProperty(BYPASS_WINDOW);
        setOrClear(windowMs);
        try {
            return new HikariDataSource(h);
        } finally {
            setOrClear(before);
        }
    }

    private static void setOrClear(String value) {
        if (value == null) {
            System.clearProperty(BYPASS_WINDOW);
        } else {
            System.setProperty(BYPASS_WINDOW, value);
        }
    }
}
