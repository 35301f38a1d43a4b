package lab.access.nonblocking;

import static lab.access.nonblocking.OnePool.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import lab.data.Sources;
import org.junit.jupiter.api.Test;

/**
 * On MySQL, {@link ServerCancel} asks a physical connection for its id once, not on every lease: a
 * session without pipelining would otherwise wait a round trip for it each time.
 */
class ServerCancelTest {

    @Test
    void aPooledConnectionIsAskedForItsIdOnce() throws Exception {
        try (OnePool one = OnePool.open(Sources.CONTACTS_MYSQL)) {
            Pool pool = one.pool();
            ServerCancel cancel = new ServerCancel(one.url(), null);
            SqlConnection first = await(pool.getConnection());
            long id = await(cancel.serverId(first));
            assertEquals(id, (long) await(first.query("SELECT CONNECTION_ID()").execute()).iterator().next().getLong(0));
            first.close();

            SqlConnection again = await(pool.getConnection()); // the pool's one connection, lent again
            long before = questions(again);
            assertEquals(id, (long) await(cancel.serverId(again)));
            // only the second SHOW STATUS itself: no CONNECTION_ID() query on this lease
            assertEquals(before + 1, questions(again), "the server was asked for the id again");

            new Leased(again, null).abandon(); // a new physical connection gets its own id
            SqlConnection replacement = await(pool.getConnection());
            try {
                Long next = await(cancel.serverId(replacement));
                assertNotNull(next);
                assertNotEquals(id, next, "a replacement connection reported the id of the closed one");
            } finally {
                replacement.close();
            }
        }
    }

    /** The statements this connection's session has run, this one included. */
    private static long questions(SqlConnection connection) throws Exception {
        return Long.parseLong(await(connection.query("SHOW SESSION STATUS LIKE 'Questions'").execute()).iterator().next()
                .getString(1));
    }
}
