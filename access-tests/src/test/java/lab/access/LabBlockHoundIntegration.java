package lab.access;

import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * The lab's BlockHound rules, found by its service loader: Vert.x's event loops
 * ({@code vert.x-eventloop-thread-N}) are non-blocking threads, which neither Reactor's nor
 * Netty's integration marks; and the libraries' blocking calls allowed on an event loop, each with
 * its reason. Each engine's own allowances ship with it (VertxBlockHound, R2dbcBlockHound).
 */
public final class LabBlockHoundIntegration implements BlockHoundIntegration {

    static final String PREFIX = "vert.x-eventloop-thread-";

    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.nonBlockingThreadPredicate(p -> p.or(thread -> thread.getName().startsWith(PREFIX)));
        // SCRAM's client nonce at login (r2dbc-postgresql, the Vert.x PostgreSQL client): NativePRNG reads
        // /dev/urandom, which never blocks once the kernel's pool is seeded, at boot
        builder.allowBlockingCallsInside("java.security.SecureRandom", "nextBytes");
        // Vert.x's own shutdown, once, when the last client closes: it drains its worker queue under that queue's lock
        builder.allowBlockingCallsInside("io.vertx.core.internal.WorkerPool", "close");
    }
}
