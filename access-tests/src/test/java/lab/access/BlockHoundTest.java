package lab.access;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import reactor.blockhound.BlockingOperationError;
import reactor.core.scheduler.Schedulers;
import reactor.netty.resources.LoopResources;

/**
 * BlockHound is installed for every test here (blockhound-junit-platform) and would catch a
 * {@code Thread.sleep} on each kind of event loop the engines run on: Reactor's non-blocking
 * schedulers, Reactor Netty's loops (the {@code r2dbc} engine's), Vert.x's (the {@code nonblocking} one's).
 */
class BlockHoundTest {

    @Test
    void catchesASleepOnAReactorNonBlockingThread() throws Exception {
        assertCaught(task -> Schedulers.parallel().schedule(task));
    }

    @Test
    void catchesASleepOnAReactorNettyEventLoop() throws Exception {
        LoopResources loops = LoopResources.create("blockhound-test", 1, 1, true, false);
        try {
            assertCaught(task -> loops.onClient(false).next().execute(task));
        } finally {
            loops.disposeLater(Duration.ZERO, Duration.ofSeconds(5)).block();
        }
    }

    @Test
    void catchesASleepOnAVertxEventLoop() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            assertCaught(task -> vertx.runOnContext(ignored -> task.run()));
        } finally {
            vertx.close().await();
        }
    }

    @Test
    void letsATestThreadSleep() throws Exception {
        Thread.sleep(1);
    }

    private static void assertCaught(Executor loop) throws Exception {
        CompletableFuture<Throwable> caught = new CompletableFuture<>();
        loop.execute(() -> {
            try {
                Thread.sleep(1);
                caught.complete(null);
            } catch (Throwable t) {
                caught.complete(t);
            }
        });
        Throwable t = caught.get(10, TimeUnit.SECONDS);
        assertInstanceOf(BlockingOperationError.class, t, "Thread.sleep on " + Thread.currentThread() + " went unnoticed");
        assertTrue(t.getMessage().contains("Thread.sleep"), t.getMessage());
    }
}
