package lab.seed.load;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.function.LongConsumer;
import lab.access.SourceUrl;
import lab.data.Scale;
import lab.seed.Dataset;
import lab.seed.SeedException;
import lab.seed.data.Table;

/** Loads, or verifies, one dataset in one database. */
public final class DatasetLoader {

    /** Entities per LOAD DATA / COPY statement: a multiple of {@link Table#CHUNK}. */
    static final int BATCH = 5 * Table.CHUNK;
    /** Batches generated ahead of the one being loaded. */
    private static final int PREFETCH = 2;

    public enum Outcome { LOADED, ALREADY_SEEDED, UPGRADED }

    public record Result(Dataset dataset, SourceUrl url, Outcome outcome, TableFigures figures, double seconds) {
        public long rows() {
            return figures.byTable().values().stream().mapToLong(f -> f[0]).sum();
        }
    }

    private final Dataset dataset;
    private final SourceUrl url;
    private final Scale scale;
    private final long seed;
    private final Dialect dialect;

    public DatasetLoader(Dataset dataset, SourceUrl url, Scale scale, long seed) {
        this.dataset = dataset;
        this.url = url;
        this.scale = scale;
        this.seed = seed;
        this.dialect = Dialect.of(url);
    }

    /**
     * Loads the dataset unless a complete load of the same scale and seed is already there.
     * {@code progress} receives generated entities as they are stored.
     */
    public Result seed(boolean force, ExecutorService generators, LongConsumer progress) {
        long start = System.nanoTime();
        try (Connection c = LoadConnections.open(url)) {
            Optional<Marker> marker = Marker.read(c, dataset.id);
            if (!force && marker.isPresent() && marker.get().isComplete(scale.id(), seed)) {
                boolean upgraded = !missingColumns(c).isEmpty();
                if (upgraded) {
                    runScript(c, dataset.id + "-upgrade.sql");
                }
                progress.accept(dataset.entities(scale) * dataset.tables.size());
                return new Result(dataset, url, upgraded ? Outcome.UPGRADED : Outcome.ALREADY_SEEDED, databaseFigures(c), seconds(start));
            }
            new Marker(dataset.id, scale.id(), seed, Marker.LOADING, "", "").write(c);
            runScript(c, dataset.id + ".sql");
            dialect.prepareSession(c);
            TableFigures loaded = new TableFigures();
            for (Table table : dataset.tables) {
                loadTable(c, table, generators, loaded, progress);
            }
            runScript(c, dataset.id + "-indexes.sql");
            analyze(c);
            TableFigures found = databaseFigures(c);
            for (Table table : dataset.tables) {
                if (found.rows(table.table) != loaded.rows(table.table)) {
                    throw new SeedException(where() + ": table " + table.table + " has " + found.rows(table.table)
                            + " rows after loading " + loaded.rows(table.table));
                }
            }
            new Marker(dataset.id, scale.id(), seed, Marker.COMPLETE, loaded.rowCounts(), loaded.checksums()).write(c);
            return new Result(dataset, url, Outcome.LOADED, loaded, seconds(start));
        } catch (SQLException e) {
            throw new SeedException(where() + ": " + LoadConnections.firstLine(e.getMessage()));
        }
    }

    /** Compares what the database holds with what the generator produces; returns the problems found. */
    public List<String> verify(ExecutorService generators) {
        List<String> problems = new ArrayList<>();
        try (Connection c = LoadConnections.open(url)) {
            Optional<Marker> marker = Marker.read(c, dataset.id);
            if (marker.isEmpty()) {
                problems.add(where() + ": not seeded (no seed marker); run 'make seed SCALE=" + scale.id() + "'");
                return problems;
            }
            if (!marker.get().isComplete(scale.id(), seed)) {
                problems.add(where() + ": seed marker says scale=" + marker.get().scale() + " status=" + marker.get().status()
                        + ", expected scale=" + scale.id() + " status=complete");
                return problems;
            }
            for (String column : missingColumns(c)) {
                problems.add(where() + ": column " + column + " is missing (seeded by an earlier version);"
                        + " 'make seed SCALE=" + scale.id() + "' adds it in place");
            }
            TableFigures found = databaseFigures(c);
            TableFigures expected = generate(generators);
            for (Table table : dataset.tables) {
                String t = table.table;
                if (found.rows(t) != expected.rows(t)) {
                    problems.add(where() + ": " + t + " has " + found.rows(t) + " rows, expected " + expected.rows(t));
                } else if (!table.changesInUse() && found.checksum(t) != expected.checksum(t)) {
                    problems.add(where() + ": " + t + " checksum " + Long.toHexString(found.checksum(t))
                            + " differs from the generated " + Long.toHexString(expected.checksum(t)));
                }
            }
        } catch (SQLException e) {
            problems.add(where() + ": " + LoadConnections.firstLine(e.getMessage()));
        }
        return problems;
    }

    /** The dataset's {@link Dataset#addedColumns} this database lacks, from the driver's metadata (no SQL built from names). */
    List<String> missingColumns(Connection c) throws SQLException {
        List<String> missing = new ArrayList<>();
        for (String column : dataset.addedColumns) {
            String[] tableColumn = column.split("\\.");
            try (ResultSet found = c.getMetaData().getColumns(c.getCatalog(), c.getSchema(), tableColumn[0], tableColumn[1])) {
                if (!found.next()) {
                    missing.add(column);
                }
            }
        }
        return missing;
    }

    /** Row counts and checksums computed by the server itself. */
    public TableFigures databaseFigures(Connection c) throws SQLException {
        TableFigures figures = new TableFigures();
        for (Table table : dataset.tables) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(dialect.checksumSql(table))) {
                rs.next();
                figures.add(table.table, rs.getLong(1), rs.getLong(2));
            }
        }
        return figures;
    }

    /** The figures the generator produces, without touching a database. */
    public TableFigures generate(ExecutorService generators) throws SQLException {
        TableFigures figures = new TableFigures();
        for (Table table : dataset.tables) {
            streamBatches(table, generators, chunk -> figures.add(table.table, chunk.rows(), chunk.checksum()));
        }
        return figures;
    }

    private void loadTable(Connection c, Table table, ExecutorService generators, TableFigures loaded, LongConsumer progress)
            throws SQLException {
        streamBatches(table, generators, chunk -> {
            dialect.bulkLoad(c, table, chunk.text());
            loaded.add(table.table, chunk.rows(), chunk.checksum());
            progress.accept(chunk.entities());
        });
    }

    /** Generates the table's batches in order, a few ahead of the consumer, on the generator threads. */
    private void streamBatches(Table table, ExecutorService generators, SqlConsumer<Chunk> consumer) throws SQLException {
        long total = dataset.entities(scale);
        Deque<CompletableFuture<Chunk>> ahead = new ArrayDeque<>();
        long next = 1;
        while (next <= total || !ahead.isEmpty()) {
            while (next <= total && ahead.size() <= PREFETCH) {
                long first = next;
                int count = (int) Math.min(BATCH, total - first + 1);
                ahead.add(CompletableFuture.supplyAsync(() -> Chunk.generate(table, seed, total, first, count), generators));
                next += count;
            }
            consumer.accept(ahead.removeFirst().join());
        }
    }

    private void runScript(Connection c, String name) throws SQLException {
        String path = "/schema/" + dialect.schemaDir + "/" + name;
        String sql;
        try (InputStream in = DatasetLoader.class.getResourceAsStream(path)) {
            if (in == null) {
                return; // datasets without secondary indexes have no -indexes.sql
            }
            sql = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new SeedException("cannot read " + path + ": " + e.getMessage());
        }
        try (Statement s = c.createStatement()) {
            for (String statement : sql.replaceAll("(?m)^--.*$", "").split(";")) {
                if (!statement.isBlank()) {
                    s.execute(statement.strip());
                }
            }
        }
    }

    private void analyze(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (Table table : dataset.tables) {
                s.execute((dialect == Dialect.MYSQL ? "ANALYZE TABLE " : "ANALYZE ") + table.table);
            }
        }
    }

    private String where() {
        return dataset.id + " on " + url.engine().scheme + " " + url.address();
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    @FunctionalInterface
    private interface SqlConsumer<T> {
        void accept(T t) throws SQLException;
    }
}
