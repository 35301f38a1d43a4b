package lab.access.nonblocking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import lab.access.ClientOptions;
import lab.access.SourceUrl;
import lab.data.Sources;
import org.junit.jupiter.api.Test;

/**
 * On MySQL, {@link ServerCancel} asks a physical connection for its id once, not on every lease: a
 * session without pipelining would otherwise wait a round trip for it each time.
 */
class ServerCancelTest {

    private static final long WAIT_S = 10;

    @Test
    void aPooledConnectionIsAskedForItsIdOnce() throws Exception {
        SourceUrl url = SourceUrl.parse(Sources.CONTACTS_MYSQL.url());
        ClientOptions options = ClientOptions.defaults().withPoolSize(1).withConnectTimeout(Duration.ofSeconds(3));
        Vertx vertx = SharedVertx.acquire(1);
        Pool pool = VertxPools.create(vertx, url, options, SharedVertx.eventLoops());
        ServerCancel cancel = new ServerCancel(url, null);
        try {
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
        } finally {
            SharedVertx.Close.await(pool.close());
            SharedVertx.release();
        }
    }

    /** The statements this connection's session has run, this one included. */
    private static long questions(SqlConnection connection) throws Exception {
        return Long.parseLong(await(connection.query("SHOW SESSION STATUS LIKE 'Questions'").execute()).iterator().next()
                .getString(1));
    }

    private static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(WAIT_S, TimeUnit.SECONDS);
    }
}
