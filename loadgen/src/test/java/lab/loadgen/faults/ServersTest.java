package lab.loadgen.faults;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import lab.access.DbClient;
import lab.access.DbSession;
import lab.data.Sources;
import lab.loadgen.AdminSql;

/** The fault matrix's SQL on the real servers goes through the access API and sees other sessions, not its own. */
class ServersTest {

    @Test
    void countsAnotherSessionOnTheAppsDatabase() {
        Servers servers = new Servers(null); // no server stopped here
        Duration timeout = Duration.ofSeconds(3);
        try (DbClient other = AdminSql.open(Servers.url(Sources.SHOP), timeout); DbSession held = other.openSession()) {
            AdminSql.await(held.query("SELECT 1"), timeout); // the session now holds a connection
            Integer seen = servers.connections("shop");
            assertNotNull(seen, "the shop's server did not answer");
            assertTrue(seen >= 1, "the held session was not counted: " + seen);
        }
    }
}
