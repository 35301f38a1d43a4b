package lab.access.nonblocking;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One Vert.x instance per JVM for every {@code nonblocking} client, reference counted: created by
 * the first client, closed (event loops stopped) when the last one closes. The first client's
 * {@code eventLoops} option decides the event-loop count (0 = one per core).
 */
final class SharedVertx {

    private static final long CLOSE_WAIT_MS = 5_000;
    private static final ReentrantLock LOCK = new ReentrantLock();
    private static Vertx vertx;
    private static volatile int eventLoops; // written under LOCK
    private static int users;

    private SharedVertx() {
    }

    static Vertx acquire(int requestedEventLoops) {
        LOCK.lock();
        try {
            if (vertx == null) {
                eventLoops = requestedEventLoops > 0 ? requestedEventLoops : Runtime.getRuntime().availableProcessors();
                vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(eventLoops).setPreferNativeTransport(false));
            }
            users++;
            return vertx;
        } finally {
            LOCK.unlock();
        }
    }

    static int eventLoops() {
        return eventLoops;
    }

    static void release() {
        Vertx closing;
        LOCK.lock();
        try {
            if (users == 0 || --users > 0) {
                return;
            }
            closing = vertx;
            vertx = null;
        } finally {
            LOCK.unlock();
        }
        Close.await(closing.close());
    }

    /** Waits (bounded) for a Vert.x close, except on an event loop, where waiting would deadlock. */
    static final class Close {
        private Close() {
        }

        static void await(io.vertx.core.Future<Void> closing) {
            if (Context.isOnEventLoopThread()) {
                return;
            }
            try {
                closing.toCompletionStage().toCompletableFuture().get(CLOSE_WAIT_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception ignored) {
                // closing is best effort; the threads are daemons
            }
        }
    }
}
