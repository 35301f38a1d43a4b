package lab.access.nonblocking;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import lab.access.ClientOptions;
import lab.access.SourceUrl;
import lab.data.Sources;

/** A pool of one connection to one of the lab's real sources, built as the engine builds it ({@link VertxPools}), on the shared Vert.x. */
record OnePool(SourceUrl url, Pool pool) implements AutoCloseable {

    private static final long WAIT_S = 10;

    static OnePool open(Sources source) {
        SourceUrl url = SourceUrl.parse(source.url());
        ClientOptions options = ClientOptions.defaults().withPoolSize(1).withConnectTimeout(Duration.ofSeconds(3));
        return new OnePool(url, VertxPools.create(SharedVertx.acquire(1), url, options, SharedVertx.eventLoops()));
    }

    /** The future's value within 10 s. */
    static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(WAIT_S, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        SharedVertx.Close.await(pool.close());
        SharedVertx.release();
    }
}
