package lab.access.nonblocking;

import static lab.access.nonblocking.OnePool.await;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import lab.data.Sources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The one Vert.x workaround ({@link Leased#abandon}, eclipse-vertx/vert.x #4680) still works on the
 * Vert.x in use: the internal route to a pooled connection's socket exists, and closing it really
 * closes the connection rather than handing it back to the pool. A Vert.x upgrade that moves those
 * internals fails here instead of degrading silently to {@code close()}.
 */
class LeasedTest {

    @ParameterizedTest
    @EnumSource(names = {"CONTACTS_MYSQL", "CONTACTS_PG"})
    void abandonClosesThePooledConnectionsSocket(Sources source) throws Exception {
        try (OnePool one = OnePool.open(source)) {
            Pool pool = one.pool();
            SqlConnection connection = await(pool.getConnection());
            await(connection.query("SELECT 1").execute());
            assertNotNull(Leased.socket(connection), "no route to the socket of " + connection.getClass().getName());

            CompletableFuture<Void> closed = new CompletableFuture<>();
            connection.closeHandler(ignored -> closed.complete(null));
            new Leased(connection, null).abandon();

            await(Future.fromCompletionStage(closed)); // a connection merely returned to the pool is never closed
            ExecutionException after = assertThrows(ExecutionException.class, () -> await(connection.query("SELECT 1").execute()));
            assertNotNull(after.getCause());
            SqlConnection next = await(pool.getConnection());
            try {
                assertTrue(await(next.query("SELECT 1").execute()).size() == 1, "the pool's replacement connection answers");
            } finally {
                next.close();
            }
        }
    }
}
