package lab.microbench.jmh;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import lab.microbench.pool.Backend;
import lab.microbench.pool.Pool;
import lab.microbench.pool.PoolConfig;
import lab.microbench.pool.PoolKind;
import lab.microbench.pool.Validation;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Seed 000: {@code DataSource.getConnection().close()} as fast as the threads can (the thread count is
 * a run option). Against the stub driver only the pool is measured; against MariaDB the pool plus
 * whatever its validation sends to the server.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PoolThroughputBench {

    @Param({"HIKARI", "TOMCAT", "TOMCAT_UNFAIR", "DBCP2", "C3P0", "VIBUR", "AGROAL"})
    public String pool;

    @Param({"stub", "mysql"})
    public String backend;

    @Param({"NONE", "QUERY"})
    public String validation;

    @Param({"10"})
    public int connections;

    private Pool opened;

    @Setup(Level.Trial)
    public void open() {
        opened = PoolKind.valueOf(pool).open(new PoolConfig(Backend.named(backend), connections, Validation.valueOf(validation)));
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
        opened.close();
    }

    @Benchmark
    public Connection getConnectionClose() throws SQLException {
        Connection c = opened.borrow();
        c.close();
        return c;
    }
}
