package lab.microbench;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.lang.reflect.Method;
import lab.microbench.db.BenchSchema;
import lab.microbench.jmh.DriverBench;
import lab.microbench.jmh.DriverState;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openjdk.jmh.annotations.Benchmark;

/** Each driver benchmark runs once per driver outside JMH: the SQL, procedures and properties work on the real servers. */
class DriverBenchTest {

    @BeforeAll
    static void schema() throws Exception {
        BenchSchema.prepareMysql();
        BenchSchema.preparePostgres();
    }

    @ParameterizedTest
    @ValueSource(strings = {"MARIADB", "MYSQL", "POSTGRESQL"})
    void everyBenchmarkRunsAgainstTheRealServer(String driver) throws Exception {
        DriverState state = new DriverState();
        state.driver = driver;
        state.open();
        try {
            DriverBench bench = new DriverBench();
            for (Method m : DriverBench.class.getMethods()) {
                if (m.isAnnotationPresent(Benchmark.class)) {
                    assertNotNull(m.invoke(bench, state), m.getName());
                }
            }
            state.truncate();
        } finally {
            state.close();
        }
    }
}
