package lab.access.nonblocking;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import lab.access.ClientOptions;
import lab.access.SourceUrl;
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

    private static final long WAIT_S = 10;

    @ParameterizedTest
    @EnumSource(names = {"CONTACTS_MYSQL", "CONTACTS_PG"})
    void abandonClosesThePooledConnectionsSocket(Sources source) throws Exception {
        SourceUrl url = SourceUrl.parse(source.url());
        ClientOptions options = ClientOptions.defaults().withPoolSize(1).withConnectTimeout(Duration.ofSeconds(3));
        Vertx vertx = SharedVertx.acquire(1);
        Pool pool = VertxPools.create(vertx, url, options, SharedVertx.eventLoops());
        try {
            SqlConnection connection = await(pool.getConnection().toCompletionStage().toCompletableFuture());
            await(connection.query("SELECT 1").execute().toCompletionStage().toCompletableFuture());
            assertNotNull(Leased.socket(connection), "no route to the socket of " + connection.getClass().getName());

            CompletableFuture<Void> closed = new CompletableFuture<>();
            connection.closeHandler(ignored -> closed.complete(null));
            new Leased(connection, null).abandon();

            await(closed); // a connection merely returned to the pool is never closed
            ExecutionException after = assertThrows(ExecutionException.class,
                    () -> connection.query("SELECT 1").execute().toCompletionStage().toCompletableFuture().get(WAIT_S, TimeUnit.SECONDS));
            assertNotNull(after.getCause());
            SqlConnection next = await(pool.getConnection().toCompletionStage().toCompletableFuture());
            try {
                assertTrue(await(next.query("SELECT 1").execute().toCompletionStage().toCompletableFuture()).size() == 1,
                        "the pool's replacement connection answers");
            } finally {
                next.close();
            }
        } finally {
            SharedVertx.Close.await(pool.close());
            SharedVertx.release();
        }
    }

    private static <T> T await(CompletableFuture<T> future) throws Exception {
        return future.get(WAIT_S, TimeUnit.SECONDS);
    }
}
