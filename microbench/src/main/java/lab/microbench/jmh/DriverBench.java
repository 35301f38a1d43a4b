package lab.microbench.jmh;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** Seed 002's driver benchmarks, one method per variant; the driver is the {@link DriverState} parameter. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class DriverBench {

    @Benchmark
    public String select1RowText(DriverState s) throws SQLException {
        return selectOne(s, Protocol.TEXT);
    }

    @Benchmark
    public String select1RowPrepareHit(DriverState s) throws SQLException {
        return selectOne(s, Protocol.PREPARED_HIT);
    }

    @Benchmark
    public String select1RowPrepareMiss(DriverState s) throws SQLException {
        return selectOne(s, Protocol.PREPARED_MISS);
    }

    @Benchmark
    public boolean oneInsertText(DriverState s) throws SQLException {
        return insertOne(s, Protocol.TEXT);
    }

    @Benchmark
    public boolean oneInsertPrepareHit(DriverState s) throws SQLException {
        return insertOne(s, Protocol.PREPARED_HIT);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int[] batch1000InsertText(DriverState s) throws SQLException {
        return batch(s, Protocol.TEXT);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int[] batch1000InsertPrepareHit(DriverState s) throws SQLException {
        return batch(s, Protocol.PREPARED_HIT);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int[] batch1000InsertRewrite(DriverState s) throws SQLException {
        return batch(s, Protocol.REWRITE);
    }

    @Benchmark
    public int select1000Rows(DriverState s) throws SQLException {
        int length = 0;
        try (Statement st = s.connection(Protocol.TEXT).createStatement(); ResultSet rs = st.executeQuery(s.selectThousand)) {
            while (rs.next()) {
                length += rs.getString(1).length();
            }
        }
        return length;
    }

    @Benchmark
    public int callableStatementWithOutParameter(DriverState s) throws SQLException {
        try (CallableStatement call = s.connection(Protocol.TEXT).prepareCall(s.callOutParam)) {
            call.setInt(1, 2);
            call.registerOutParameter(1, Types.INTEGER);
            call.execute();
            return call.getInt(1);
        }
    }

    private static String selectOne(DriverState s, Protocol p) throws SQLException {
        try (PreparedStatement ps = s.connection(p).prepareStatement(s.selectOne)) {
            ps.setString(1, s.next());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    private static boolean insertOne(DriverState s, Protocol p) throws SQLException {
        try (PreparedStatement ps = s.connection(p).prepareStatement(s.insert)) {
            ps.setString(1, s.next());
            return ps.execute();
        }
    }

    private static int[] batch(DriverState s, Protocol p) throws SQLException {
        Connection c = s.connection(p);
        try (PreparedStatement ps = c.prepareStatement(s.insert)) {
            for (int i = 0; i < DriverState.VALUES; i++) {
                ps.setString(1, s.data[i]);
                ps.addBatch();
            }
            return ps.executeBatch();
        }
    }
}
