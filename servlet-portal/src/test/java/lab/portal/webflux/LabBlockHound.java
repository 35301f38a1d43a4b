package lab.portal.webflux;

import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * What BlockHound lets through on an event loop, each with why (found by ServiceLoader when
 * blockhound-junit-platform installs BlockHound):
 * <ul>
 *   <li>{@code SecureRandom}: a PostgreSQL login's SCRAM nonce reads {@code /dev/urandom}, a read
 *   that never waits once the kernel's pool is seeded at boot;</li>
 *   <li>the engines' locks: a {@code ReentrantLock} around a few fields of a pool or a session
 *   (lane loads, leases, a session's state), never held across I/O or a callback, so a loop that
 *   finds it taken waits for a few field updates, not for a database.</li>
 * </ul>
 */
public final class LabBlockHound implements BlockHoundIntegration {

    private static final String VERTX = "lab.access.nonblocking.";
    private static final String R2DBC = "lab.access.r2dbc.";

    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.allowBlockingCallsInside("java.security.SecureRandom", "nextBytes");
        builder.allowBlockingCallsInside("java.security.SecureRandom", "generateSeed");
        for (String method : new String[] {"lease", "giveBack", "pickLane", "joined", "left", "timedOut", "keepWarm", "forget"}) {
            builder.allowBlockingCallsInside(VERTX + "Connections", method);
        }
        for (String method : new String[] {"leaseFailed", "noConnectionYet", "close", "call", "ended"}) {
            builder.allowBlockingCallsInside(VERTX + "NonBlockingSession", method);
        }
        for (String method : new String[] {"close", "call", "ended"}) {
            builder.allowBlockingCallsInside(R2DBC + "R2dbcSession", method);
        }
    }
}
