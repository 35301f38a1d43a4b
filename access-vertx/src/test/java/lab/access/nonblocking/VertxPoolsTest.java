package lab.access.nonblocking;

import static lab.access.nonblocking.OnePool.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import lab.access.SourceUrl;
import lab.data.Sources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A pooled connection writes the statements scheduled together in one flush of its socket
 * ({@link VertxPools#writeTogether}), where the SQL client alone flushes at least once per
 * statement: counted at the socket, against a real server, which answers every statement in order.
 */
class VertxPoolsTest {

    private static final int STATEMENTS = 5;

    @ParameterizedTest
    @EnumSource(names = {"CONTACTS_MYSQL", "CONTACTS_PG"})
    void statementsScheduledTogetherLeaveInOneFlush(Sources source) throws Exception {
        try (OnePool one = OnePool.open(source)) {
            SqlConnection connection = await(one.pool().getConnection());
            String sql = one.url().engine() == SourceUrl.Engine.POSTGRESQL ? "SELECT $1::int AS n" : "SELECT CAST(? AS SIGNED) AS n";
            await(connection.preparedQuery(sql).execute(Tuple.of(0))); // prepared and cached: the 5 below are executions only
            Channel socket = Leased.socket(connection);
            assertNotNull(socket, "no route to the socket of " + connection.getClass().getName());
            AtomicInteger flushes = new AtomicInteger();
            socket.pipeline().addFirst("count-flushes", new ChannelOutboundHandlerAdapter() {
                @Override
                public void flush(ChannelHandlerContext ctx) {
                    flushes.incrementAndGet();
                    ctx.flush();
                }
            });

            CompletableFuture<List<Future<RowSet<Row>>>> sent = new CompletableFuture<>();
            socket.eventLoop().execute(() -> { // one task, as a session's queries queued before the loop gets to them
                List<Future<RowSet<Row>>> answers = new ArrayList<>();
                for (int i = 1; i <= STATEMENTS; i++) {
                    answers.add(connection.preparedQuery(sql).execute(Tuple.of(i)));
                }
                sent.complete(answers);
            });
            List<Future<RowSet<Row>>> answers = await(Future.fromCompletionStage(sent));
            for (int i = 1; i <= STATEMENTS; i++) {
                assertEquals(i, await(answers.get(i - 1)).iterator().next().getLong("n"), "statement " + i + "'s answer");
            }
            assertEquals(1, flushes.get(), STATEMENTS + " statements scheduled in one task: flushes of the socket");
            connection.close();
        }
    }
}
