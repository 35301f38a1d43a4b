package lab.seed.load;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.Optional;

/**
 * The seed marker: one row per dataset in the database it describes. A load first writes
 * status {@code loading} and only a finished load writes {@code complete}, so an interrupted
 * load is recognised next time and redone from scratch.
 */
public record Marker(String dataset, String scale, long seed, String status, String rowCounts, String checksums) {

    public static final String LOADING = "loading";
    public static final String COMPLETE = "complete";

    private static final String DDL = "CREATE TABLE IF NOT EXISTS seed_marker ("
            + "dataset VARCHAR(32) NOT NULL PRIMARY KEY, scale VARCHAR(16) NOT NULL, seed BIGINT NOT NULL,"
            + " status VARCHAR(16) NOT NULL, row_counts VARCHAR(400) NOT NULL, checksums VARCHAR(400) NOT NULL,"
            + " updated_at VARCHAR(40) NOT NULL)";

    public boolean isComplete(String wantedScale, long wantedSeed) {
        return COMPLETE.equals(status) && scale.equals(wantedScale) && seed == wantedSeed;
    }

    public static Optional<Marker> read(Connection c, String dataset) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(DDL);
        }
        try (PreparedStatement p = c.prepareStatement(
                "SELECT scale, seed, status, row_counts, checksums FROM seed_marker WHERE dataset = ?")) {
            p.setString(1, dataset);
            try (ResultSet rs = p.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new Marker(dataset, rs.getString(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5)));
            }
        }
    }

    public void write(Connection c) throws SQLException {
        try (PreparedStatement delete = c.prepareStatement("DELETE FROM seed_marker WHERE dataset = ?");
             PreparedStatement insert = c.prepareStatement("INSERT INTO seed_marker"
                     + " (dataset, scale, seed, status, row_counts, checksums, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            delete.setString(1, dataset);
            delete.executeUpdate();
            insert.setString(1, dataset);
            insert.setString(2, scale);
            insert.setLong(3, seed);
            insert.setString(4, status);
            insert.setString(5, rowCounts);
            insert.setString(6, checksums);
            insert.setString(7, Instant.now().toString());
            insert.executeUpdate();
        }
    }
}
