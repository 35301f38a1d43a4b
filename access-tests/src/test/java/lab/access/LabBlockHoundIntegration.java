package lab.access;

import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * The lab's BlockHound rules, found by its service loader: Vert.x's event loops
 * ({@code vert.x-eventloop-thread-N}) are non-blocking threads, which neither Reactor's nor
 * Netty's integration marks; and the one blocking call the drivers are allowed on an event loop.
 */
public final class LabBlockHoundIntegration implements BlockHoundIntegration {

    static final String PREFIX = "vert.x-eventloop-thread-";

    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.nonBlockingThreadPredicate(p -> p.or(thread -> thread.getName().startsWith(PREFIX)));
        // SCRAM's client nonce at login (r2dbc-postgresql, the Vert.x PostgreSQL client): NativePRNG reads
        // /dev/urandom, which never blocks once the kernel's pool is seeded, at boot
        builder.allowBlockingCallsInside("java.security.SecureRandom", "nextBytes");
    }
}
