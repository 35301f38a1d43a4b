package lab.microbench.pool;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/** An open pool: its DataSource and how to shut it down. */
public record Pool(DataSource dataSource, AutoCloseable closer) implements AutoCloseable {

    public Connection borrow() throws SQLException {
        return dataSource.getConnection();
    }

    @Override
    public void close() throws Exception {
        closer.close();
    }
}
