package lab.microbench.stub;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * A JDBC driver whose connections do nothing (like HikariCP's own benchmark StubDriver): with it a
 * pool benchmark measures the pool alone. URL: {@value #URL}.
 */
public final class StubDriver implements Driver {

    public static final String URL = "jdbc:stub:";

    /** Connections opened so far: a pool that reuses them opens at most its size. */
    private static final java.util.concurrent.atomic.AtomicLong OPENED = new java.util.concurrent.atomic.AtomicLong();

    static {
        try {
            DriverManager.registerDriver(new StubDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override
    public Connection connect(String url, Properties info) {
        if (!acceptsURL(url)) {
            return null;
        }
        OPENED.incrementAndGet();
        return StubJdbc.connection();
    }

    public static long opened() {
        return OPENED.get();
    }

    @Override
    public boolean acceptsURL(String url) {
        return url != null && url.startsWith(URL);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        return new DriverPropertyInfo[0];
    }

    @Override
    public int getMajorVersion() {
        return 1;
    }

    @Override
    public int getMinorVersion() {
        return 0;
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() {
        return Logger.getLogger("lab.microbench.stub");
    }
}
