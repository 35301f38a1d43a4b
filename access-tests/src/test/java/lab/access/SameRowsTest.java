package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.List;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Same query, same parameters → the same rows, in every mode and on both engines. */
class SameRowsTest {

    private static final LocalDateTime T1 = LocalDateTime.of(2024, 1, 2, 3, 4, 5, 6_000_000);
    private static final LocalDateTime T2 = LocalDateTime.of(2024, 6, 30, 23, 59, 58, 0);
    private static final LocalDateTime T3 = LocalDateTime.of(2025, 12, 31, 0, 0, 0, 999_000_000);

    @BeforeAll
    static void createTable() throws Exception {
        for (Engine engine : Engine.values()) {
            String timestamp = engine == Engine.MYSQL ? "DATETIME(3)" : "TIMESTAMP(3)";
            TestDb.execute(engine,
                    "DROP TABLE IF EXISTS access_sample",
                    "CREATE TABLE access_sample (id INT PRIMARY KEY, big BIGINT NOT NULL, name VARCHAR(40) NOT NULL,"
                            + " price DECIMAL(10,2) NOT NULL, at " + timestamp + " NOT NULL, note VARCHAR(40) NULL)",
                    "INSERT INTO access_sample VALUES"
                            + " (1, 10000000000, 'alpha', 12.50, '2024-01-02 03:04:05.006', NULL),"
                            + " (2, -3, 'beta ünïcode', 0.99, '2024-06-30 23:59:58', 'second'),"
                            + " (3, 9223372036854775807, 'gamma', 99999999.99, '2025-12-31 00:00:00.999', '')");
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void sameRowsEverywhere(Engine engine, Mode mode) {
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, TestDb.options())) {
            Rows rows = Fire.await(client.query(
                    "SELECT id, big, name, price, at, note FROM access_sample WHERE id >= ? AND price < ? AND at >= ? ORDER BY id",
                    1, new BigDecimal("100000000"), LocalDateTime.of(2020, 1, 1, 0, 0)));

            assertEquals(List.of("id", "big", "name", "price", "at", "note"), rows.columns());
            assertEquals(List.of(
                    List.of(1L, 10_000_000_000L, "alpha", new BigDecimal("12.50"), T1),
                    List.of(2L, -3L, "beta ünïcode", new BigDecimal("0.99"), T2, "second"),
                    List.of(3L, Long.MAX_VALUE, "gamma", new BigDecimal("99999999.99"), T3, "")),
                    rows.list().stream().map(r -> r.values().stream().filter(v -> v != null).toList()).toList());
            assertNull(rows.first().get("note"));
            assertEquals(T1, rows.first().getTimestamp("at"));

            Rows count = Fire.await(client.query("SELECT COUNT(*) AS n FROM access_sample WHERE note IS NULL OR note <> ?", "second"));
            assertEquals(List.of("n"), count.columns());
            assertEquals(2L, count.first().get("n"));

            Rows nullParam = Fire.await(client.query("SELECT COUNT(*) AS n FROM access_sample WHERE note = ?", (Object) null));
            assertEquals(0L, nullParam.first().getLong("n"));

            assertEquals(true, Fire.await(client.ping()));
        }
    }
}
