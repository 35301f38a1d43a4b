package lab.access;

import java.util.List;
import java.util.Map;
import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * The lab's BlockHound rules, found by its service loader: Vert.x's event loops
 * ({@code vert.x-eventloop-thread-N}) are non-blocking threads, which neither Reactor's nor
 * Netty's integration marks; and the blocking calls allowed on an event loop, each with its reason.
 */
public final class LabBlockHoundIntegration implements BlockHoundIntegration {

    static final String PREFIX = "vert.x-eventloop-thread-";

    /**
     * Ours, not a library's: these methods take a {@code ReentrantLock} shared with the callers'
     * threads, for a few field updates and never across I/O; contended, it parks the loop for the
     * holder's critical section. Allowed by name so that nothing else is; left to be made lock-free.
     */
    private static final Map<String, List<String>> ENGINE_LOCKS = Map.of(
            "lab.access.nonblocking.Connections", List.of("lease", "giveBack", "pickLane", "joined", "left", "keepWarm", "forget"),
            "lab.access.nonblocking.NonBlockingSession", List.of("leaseFailed", "noConnectionYet", "close", "call", "ended"),
            "lab.access.r2dbc.R2dbcSession", List.of("close", "call", "ended"));

    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.nonBlockingThreadPredicate(p -> p.or(thread -> thread.getName().startsWith(PREFIX)));
        // SCRAM's client nonce at login (r2dbc-postgresql, the Vert.x PostgreSQL client): NativePRNG reads
        // /dev/urandom, which never blocks once the kernel's pool is seeded, at boot
        builder.allowBlockingCallsInside("java.security.SecureRandom", "nextBytes");
        // Vert.x's own shutdown, once, when the last client closes: it drains its worker queue under that queue's lock
        builder.allowBlockingCallsInside("io.vertx.core.internal.WorkerPool", "close");
        ENGINE_LOCKS.forEach((type, methods) -> methods.forEach(m -> builder.allowBlockingCallsInside(type, m)));
    }
}
