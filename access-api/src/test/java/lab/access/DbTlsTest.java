package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Properties;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.api.Test;

/** The TLS setting without a server: unset is today's clear text, a missing CA fails at once. TlsTest (access-tests) connects. */
class DbTlsTest {

    @Test
    void unsetOrBlankIsOffWithTheDriversSettingsOfBefore() {
        assertFalse(DbTls.fromEnv(Map.of()).on());
        assertFalse(DbTls.fromEnv(Map.of(DbTls.ENV, " ")).on());
        Properties mysql = new Properties();
        mysql.setProperty("sslMode", "DISABLED");
        mysql.setProperty("allowPublicKeyRetrieval", "true");
        assertEquals(mysql, DbTls.OFF.jdbcProperties(Engine.MYSQL));
        Properties pg = new Properties();
        pg.setProperty("sslmode", "disable");
        assertEquals(pg, DbTls.OFF.jdbcProperties(Engine.POSTGRESQL));
    }

    @Test
    void aCaThatIsNotThereFailsNamingTheVariable() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DbTls.fromEnv(Map.of(DbTls.ENV, "/nonexistent/ca.pem")));
        assertTrue(e.getMessage().startsWith(DbTls.ENV + "=/nonexistent/ca.pem"), e.getMessage());
    }
}
