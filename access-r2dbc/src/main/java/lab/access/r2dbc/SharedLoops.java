package lab.access.r2dbc;

import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;
import reactor.core.scheduler.Schedulers;
import reactor.netty.resources.LoopResources;

/**
 * One set of Reactor Netty event loops ({@code r2dbc-…}) for every {@code r2dbc} client of the JVM,
 * reference counted: created by the first client, stopped when the last one closes. The first
 * client's {@code eventLoops} decides how many (0 = one per core).
 *
 * <p>Colocation is off. Reactor Netty's default loops hand a connection opened from one of their own
 * event loops to that same loop, so a pool filled from request handlers running on a loop piles
 * its connections on one or two loops (r2dbc-pool #190: WebFlux + R2DBC 2.3× slower than JDBC).
 * Without it, and with {@link RoundRobinLoops}, every new connection takes the next loop in turn
 * (README, "Event loops").
 */
final class SharedLoops {

    static final String PREFIX = "r2dbc";
    private static final Duration STOP_WAIT = Duration.ofSeconds(5);
    private static final ReentrantLock LOCK = new ReentrantLock();
    private static LoopResources loops;
    private static int users;

    private SharedLoops() {
    }

    static LoopResources acquire(int requestedEventLoops) {
        LOCK.lock();
        try {
            if (loops == null) {
                loops = create(requestedEventLoops, false, true);
            }
            users++;
            return loops;
        } finally {
            LOCK.unlock();
        }
    }

    /**
     * Daemon event loops named {@code r2dbc-<transport>-N}; other than {@code colocate = false,
     * roundRobin = true} only for the measurement in the tests ({@code PlacementBench}).
     */
    static LoopResources create(int eventLoops, boolean colocate, boolean roundRobin) {
        int n = eventLoops > 0 ? eventLoops : Runtime.getRuntime().availableProcessors();
        LoopResources loops = LoopResources.create(PREFIX, 1, n, true, colocate);
        return roundRobin ? new RoundRobinLoops(loops) : loops;
    }

    static void release() {
        LoopResources stopping;
        LOCK.lock();
        try {
            if (users == 0 || --users > 0) {
                return;
            }
            stopping = loops;
            loops = null;
        } finally {
            LOCK.unlock();
        }
        stop(stopping);
    }

    /** Stops the loops without the default 2 s quiet period; waits for them unless called on one (it would wait for itself). */
    static void stop(LoopResources resources) {
        var stopped = resources.disposeLater(Duration.ZERO, STOP_WAIT);
        if (Schedulers.isInNonBlockingThread()) {
            stopped.subscribe();
        } else {
            stopped.block(STOP_WAIT.plusSeconds(1));
        }
    }
}
