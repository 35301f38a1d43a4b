package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** SQL errors carry the server's message, SQLState and code, and name the source. */
class SqlErrorTest {

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void serverErrorsKeepMessageAndSqlState(Engine engine, Mode mode) {
        try (DbClient client = DbClients.create(TestDb.url(engine), mode, TestDb.options())) {
            DbException missing = assertInstanceOf(DbException.class,
                    Fire.failure(client.query("SELECT * FROM no_such_table WHERE id = ?", 1)));
            assertFalse(missing instanceof SourceUnavailableException, missing.toString());
            assertEquals(engine == Engine.MYSQL ? "42S02" : "42P01", missing.sqlState());
            assertTrue(missing.getMessage().contains("no_such_table"), missing.getMessage());
            assertTrue(missing.getMessage().startsWith(client.source().address() + ": "), missing.getMessage());
            if (engine == Engine.MYSQL) {
                assertEquals(1146, missing.vendorCode());
            }

            DbException syntax = assertInstanceOf(DbException.class, Fire.failure(client.update("UPDATE SET nothing")));
            assertEquals(engine == Engine.MYSQL ? "42000" : "42601", syntax.sqlState());

            // a parameter the column cannot take is the caller's error, not an unavailable server
            Throwable badParameter = Fire.failure(client.query("SELECT 1 AS one WHERE 1 = ?", List.of(1, 2)));
            assertInstanceOf(DbException.class, badParameter);
            assertFalse(badParameter instanceof SourceUnavailableException, badParameter.toString());

            // the client is still fine after errors
            assertEquals(1L, Fire.await(client.query("SELECT 1 AS one")).first().getLong("one"));
        }
    }
}
