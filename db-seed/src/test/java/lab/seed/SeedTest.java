package lab.seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import lab.access.SourceUrl;
import lab.data.Scale;
import lab.data.Sources;
import lab.seed.load.LoadConnections;
import lab.seed.load.DatasetLoader;
import lab.seed.load.DatasetLoader.Outcome;
import lab.seed.load.Databases;
import lab.seed.load.TableFigures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Loads real data into throw-away databases (bench_seed) on the local MySQL and PostgreSQL servers. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SeedTest {

    private static final Scale SCALE = Scale.TINY;
    private final ExecutorService generators = Executors.newFixedThreadPool(2);

    static SourceUrl database(SourceUrl.Engine engine) {
        Sources server = engine == SourceUrl.Engine.MYSQL ? Sources.CONTACTS_MYSQL : Sources.CONTACTS_PG;
        return SourceUrl.parse(server.url()).withDatabase("bench_seed");
    }

    static DatasetLoader loader(Dataset dataset, SourceUrl.Engine engine) {
        return new DatasetLoader(dataset, database(engine), SCALE, Seeder.DEFAULT_SEED);
    }

    @BeforeAll
    void loadEverythingOnBothEngines() {
        for (SourceUrl.Engine engine : SourceUrl.Engine.values()) {
            Databases.recreate(database(engine));
            for (Dataset dataset : Dataset.values()) {
                assertEquals(Outcome.LOADED, loader(dataset, engine).seed(false, generators, rows -> { }).outcome());
            }
        }
    }

    @AfterAll
    void dropDatabases() {
        generators.shutdownNow();
        for (SourceUrl.Engine engine : SourceUrl.Engine.values()) {
            Databases.drop(database(engine));
        }
    }

    @ParameterizedTest
    @EnumSource(SourceUrl.Engine.class)
    void rowCountsAreExactlyThoseOfDesign(SourceUrl.Engine engine) throws SQLException {
        try (Connection c = LoadConnections.open(database(engine))) {
            assertEquals(1_000, count(c, "contacts"));
            assertEquals(20_000, count(c, "access_log"));
            assertEquals(1_000, count(c, "items"));
            assertEquals(1_000, count(c, "stock"));
            assertEquals(0, count(c, "orders"));
        }
    }

    @ParameterizedTest
    @EnumSource(SourceUrl.Engine.class)
    void hitsOfAUriInAnHourAreARangeScanOnTheIndex(SourceUrl.Engine engine) throws SQLException {
        String query = "SELECT COUNT(*) FROM access_log WHERE uri = '/' AND ts >= '2025-03-01 10:00:00' AND ts < '2025-03-01 11:00:00'";
        try (Connection c = LoadConnections.open(database(engine)); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("EXPLAIN " + query)) {
            StringBuilder plan = new StringBuilder();
            while (rs.next()) {
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    plan.append(rs.getString(i)).append(' ');
                }
            }
            assertTrue(plan.toString().contains("access_log_uri_ts"), "plan uses the (uri, ts) index: " + plan);
        }
    }

    @ParameterizedTest
    @EnumSource(SourceUrl.Engine.class)
    void searchIsAnIndexLookup(SourceUrl.Engine engine) throws SQLException {
        try (Connection c = LoadConnections.open(database(engine)); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM item_keywords WHERE keyword = 'mug'")) {
            rs.next();
            assertTrue(rs.getLong(1) > 0, "some items are mugs");
        }
    }

    @Test
    void sameDataOnBothEnginesAndOnEveryRun() throws SQLException {
        for (Dataset dataset : List.of(Dataset.CONTACTS, Dataset.LOGS, Dataset.SHOP)) {
            TableFigures generatedOnce = loader(dataset, SourceUrl.Engine.MYSQL).generate(generators);
            TableFigures generatedTwice = loader(dataset, SourceUrl.Engine.MYSQL).generate(generators);
            try (Connection my = LoadConnections.open(database(SourceUrl.Engine.MYSQL));
                 Connection pg = LoadConnections.open(database(SourceUrl.Engine.POSTGRESQL))) {
                TableFigures inMysql = loader(dataset, SourceUrl.Engine.MYSQL).databaseFigures(my);
                TableFigures inPostgres = loader(dataset, SourceUrl.Engine.POSTGRESQL).databaseFigures(pg);
                for (var table : dataset.tables) {
                    String t = table.table;
                    assertEquals(generatedOnce.checksum(t), generatedTwice.checksum(t), t + ": generator is deterministic");
                    assertEquals(generatedOnce.checksum(t), inMysql.checksum(t), t + ": MySQL holds the generated rows");
                    assertEquals(generatedOnce.checksum(t), inPostgres.checksum(t), t + ": PostgreSQL holds the same rows");
                    assertEquals(generatedOnce.rows(t), inPostgres.rows(t));
                }
            }
        }
    }

    @Test
    void anotherSeedChangesTheData() throws SQLException {
        TableFigures ours = loader(Dataset.CONTACTS, SourceUrl.Engine.MYSQL).generate(generators);
        TableFigures other = new DatasetLoader(Dataset.CONTACTS, database(SourceUrl.Engine.MYSQL), SCALE, 7).generate(generators);
        assertNotEquals(ours.checksum("contacts"), other.checksum("contacts"));
    }

    @ParameterizedTest
    @EnumSource(SourceUrl.Engine.class)
    void seedingTheSameScaleAgainDoesNothing(SourceUrl.Engine engine) {
        DatasetLoader.Result again = loader(Dataset.CONTACTS, engine).seed(false, generators, rows -> { });
        assertEquals(Outcome.ALREADY_SEEDED, again.outcome());
        assertEquals(1_000, again.rows());
    }

    @ParameterizedTest
    @EnumSource(SourceUrl.Engine.class)
    void anInterruptedLoadIsRedoneCleanly(SourceUrl.Engine engine) throws SQLException {
        try (Connection c = LoadConnections.open(database(engine)); Statement s = c.createStatement()) {
            // What a load killed half-way leaves: the marker still says loading, the table is half full.
            s.executeUpdate("UPDATE seed_marker SET status = 'loading' WHERE dataset = 'logs'");
            s.executeUpdate("DELETE FROM access_log WHERE id > 7000");
        }
        assertEquals(List.of(), loader(Dataset.LOGS, engine).verify(generators).stream()
                .filter(p -> !p.contains("status=loading")).toList(), "verify reports the unfinished load");
        assertEquals(Outcome.LOADED, loader(Dataset.LOGS, engine).seed(false, generators, rows -> { }).outcome());
        assertEquals(List.of(), loader(Dataset.LOGS, engine).verify(generators));
    }

    @ParameterizedTest
    @EnumSource(SourceUrl.Engine.class)
    void aDifferentScaleIsReloaded(SourceUrl.Engine engine) throws SQLException {
        try (Connection c = LoadConnections.open(database(engine)); Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE seed_marker SET scale = 'small' WHERE dataset = 'shop'");
        }
        assertEquals(Outcome.LOADED, loader(Dataset.SHOP, engine).seed(false, generators, rows -> { }).outcome());
        assertEquals(List.of(), loader(Dataset.SHOP, engine).verify(generators));
    }

    @ParameterizedTest
    @EnumSource(SourceUrl.Engine.class)
    void aShopSeededBeforeRequestKeysGetsTheColumnInPlace(SourceUrl.Engine engine) throws SQLException {
        try (Connection c = LoadConnections.open(database(engine)); Statement s = c.createStatement()) {
            s.executeUpdate("ALTER TABLE orders DROP COLUMN request_key"); // the previous version's schema
        }
        List<String> problems = loader(Dataset.SHOP, engine).verify(generators);
        assertTrue(problems.stream().anyMatch(p -> p.contains("column orders.request_key is missing")), problems.toString());
        assertEquals(Outcome.UPGRADED, loader(Dataset.SHOP, engine).seed(false, generators, rows -> { }).outcome());
        assertEquals(List.of(), loader(Dataset.SHOP, engine).verify(generators));
        assertEquals(Outcome.ALREADY_SEEDED, loader(Dataset.SHOP, engine).seed(false, generators, rows -> { }).outcome());
        try (Connection c = LoadConnections.open(database(engine)); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO orders (item_id, quantity, unit_price, total, request_key) VALUES (1, 1, 1, 1, 'k1')");
            SQLException duplicate = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, () -> s.executeUpdate(
                    "INSERT INTO orders (item_id, quantity, unit_price, total, request_key) VALUES (1, 1, 1, 1, 'k1')"));
            assertTrue(duplicate.getSQLState().startsWith("23"), "unique: " + duplicate.getMessage());
            s.executeUpdate("DELETE FROM orders");
        }
    }

    @ParameterizedTest
    @EnumSource(SourceUrl.Engine.class)
    void verifyNoticesChangedAndMissingRows(SourceUrl.Engine engine) throws SQLException {
        try (Connection c = LoadConnections.open(database(engine)); Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE items SET name = 'Tampered' WHERE id = 5");
            s.executeUpdate("DELETE FROM item_keywords WHERE item_id = 6");
        }
        List<String> problems = loader(Dataset.SHOP, engine).verify(generators);
        assertTrue(problems.stream().anyMatch(p -> p.contains("items checksum")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.contains("item_keywords has")), problems.toString());
        loader(Dataset.SHOP, engine).seed(true, generators, rows -> { });
        assertEquals(List.of(), loader(Dataset.SHOP, engine).verify(generators));
    }

    private static long count(Connection c, String table) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
