package lab.microbench.jmh;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumMap;
import java.util.Map;
import java.util.Random;
import lab.microbench.db.BenchSchema;
import lab.microbench.db.DriverKind;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** One connection per {@link Protocol} for the driver under test, the SQL of its server, and 1,000 random 100-character values. */
@State(Scope.Thread)
public class DriverState {

    static final int VALUES = 1000;

    @Param({"MARIADB", "MYSQL", "POSTGRESQL"})
    public String driver;

    DriverKind kind;
    String selectOne;
    String insert;
    String selectThousand;
    String callOutParam;
    final String[] data = randomValues();
    private final Map<Protocol, Connection> connections = new EnumMap<>(Protocol.class);
    private int counter;

    @Setup(Level.Trial)
    public void open() throws SQLException {
        kind = DriverKind.valueOf(driver);
        selectOne = kind.postgres ? "SELECT CAST(? AS VARCHAR(100))" : "SELECT CAST(? AS CHAR CHARACTER SET utf8mb4)";
        insert = "INSERT INTO " + (kind.postgres ? BenchSchema.PG_INSERT_TABLE : BenchSchema.MYSQL_INSERT_TABLE) + " (charValue) VALUES (?)";
        selectThousand = kind.postgres ? "SELECT generate_series(1, 1000)" : "SELECT * FROM seq_1_to_1000";
        callOutParam = kind.postgres ? "{call inout_param(?)}" : "{call inoutParam(?)}";
        for (Protocol p : Protocol.values()) {
            connections.put(p, kind.connect(p.asProperties(kind)));
        }
    }

    /** Keeps PostgreSQL's insert table (and MariaDB's, should it not be BLACKHOLE) from growing across iterations. */
    @TearDown(Level.Iteration)
    public void truncate() throws SQLException {
        try (Statement s = connection(Protocol.TEXT).createStatement()) {
            s.execute("TRUNCATE TABLE " + (kind.postgres ? BenchSchema.PG_INSERT_TABLE : BenchSchema.MYSQL_INSERT_TABLE));
        }
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
        for (Connection c : connections.values()) {
            c.close();
        }
    }

    Connection connection(Protocol p) {
        return connections.get(p);
    }

    String next() {
        counter = (counter + 1) % VALUES;
        return data[counter];
    }

    private static String[] randomValues() {
        Random random = new Random(42);
        String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        String[] values = new String[VALUES];
        for (int i = 0; i < VALUES; i++) {
            StringBuilder sb = new StringBuilder(100);
            for (int j = 0; j < 100; j++) {
                sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            values[i] = sb.toString();
        }
        return values;
    }
}
