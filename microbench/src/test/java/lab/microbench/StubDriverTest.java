package lab.microbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import lab.microbench.stub.StubDriver;
import org.junit.jupiter.api.Test;

class StubDriverTest {

    @Test
    void driverManagerHandsOutStubConnectionsThatDoNothing() throws Exception {
        Connection c = DriverManager.getConnection(StubDriver.URL + "test", "u", "p");
        assertTrue(c.isValid(1));
        assertTrue(c.getAutoCommit());
        assertFalse(c.isReadOnly());
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
            assertTrue(rs.next(), "one row");
            assertFalse(rs.next(), "only one row");
        }
        assertFalse(c.isClosed());
        c.close();
        assertTrue(c.isClosed());
        assertEquals(0, c.getNetworkTimeout());
    }

    @Test
    void rejectsOtherUrls() throws Exception {
        assertFalse(new StubDriver().acceptsURL("jdbc:mysql://localhost/x"));
    }
}
