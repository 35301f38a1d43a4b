package lab.access.r2dbc;

import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * What BlockHound (in the tests; an optional dependency, absent at run time) should allow this
 * engine on an event loop: the methods below take a {@code ReentrantLock} shared with callers'
 * threads, for a few field updates and never across I/O; contended, it parks the loop for the
 * holder's critical section. Allowed by name so that nothing else is; left to be made lock-free.
 */
public final class R2dbcBlockHound implements BlockHoundIntegration {

    @Override
    public void applyTo(BlockHound.Builder builder) {
        allowLocks(builder, R2dbcSession.class, "close", "call", "ended");
    }

    private static void allowLocks(BlockHound.Builder builder, Class<?> type, String... methods) {
        for (String method : methods) {
            builder.allowBlockingCallsInside(type.getName(), method);
        }
    }
}
