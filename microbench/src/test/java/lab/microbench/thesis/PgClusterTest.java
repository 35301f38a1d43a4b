package lab.microbench.thesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.Socket;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** A throw-away cluster starts, answers the benchmark's query, and is gone after close. */
class PgClusterTest {

    private static final int PORT = 5459;

    @Test
    void startsAnswersAndStops() throws Exception {
        assumeTrue(PgCluster.available(), "no PostgreSQL binaries under " + PgCluster.BIN);
        try (PgCluster c = PgCluster.start(PORT)) {
            ThesisDb.createTable(c.url());
            try (Connection conn = ThesisDb.connect(c.url()); Statement s = conn.createStatement();
                 ResultSet rs = s.executeQuery("SELECT count(*) FROM item")) {
                rs.next();
                assertEquals(ThesisDb.ROWS, rs.getInt(1));
            }
        }
        assertThrows(java.io.IOException.class, () -> new Socket("127.0.0.1", PORT).close());
    }
}
