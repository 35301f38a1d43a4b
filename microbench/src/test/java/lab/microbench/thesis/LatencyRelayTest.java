package lab.microbench.thesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import lab.access.SourceUrl;
import org.junit.jupiter.api.Test;

/** A real query through the relay, in both engines' protocols; the relay refuses non-loopback targets. */
class LatencyRelayTest {

    @Test
    void queriesPassThroughTheRelay() throws Exception {
        ThesisDb.prepare();
        for (String engine : new String[] {"MYSQL", "POSTGRESQL"}) {
            SourceUrl url = ThesisDb.url(engine);
            try (LatencyRelay relay = new LatencyRelay(url.host(), url.port(), 500)) {
                SourceUrl via = Variant.via(url, relay.port());
                try (Connection c = DriverManager.getConnection(via.jdbcUrl(), via.user(), via.password());
                     Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT name FROM item WHERE id = 3")) {
                    rs.next();
                    assertEquals("item 3", rs.getString(1));
                }
            }
        }
    }

    @Test
    void onlyForwardsToLoopback() {
        assertThrows(IllegalArgumentException.class, () -> new LatencyRelay("10.1.2.3", 5432, 1));
    }
}
