package lab.access.r2dbc;

import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Lifecycle;
import io.r2dbc.spi.Wrapped;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;

/**
 * A driver connection as the pool sees it, without the driver's {@code io.r2dbc.spi.Lifecycle}.
 * r2dbc-pool runs {@code Lifecycle.preRelease()} at every give-back; r2dbc-mysql's (1.4.x) is a
 * ROLLBACK that, outside a transaction, becomes a COM_PING the pool waits for: one more round trip
 * per call, which doubled each call's time behind a long link. The pool's own handle still rolls
 * back a transaction left open, since it tracks begin, commit and rollback itself.
 */
final class WithoutLifecycle {

    private WithoutLifecycle() {
    }

    /** The connection behind an interface that is only {@link Connection} and {@link Wrapped}. */
    static Connection of(Connection driver) {
        return (Connection) Proxy.newProxyInstance(WithoutLifecycle.class.getClassLoader(),
                new Class<?>[] {Connection.class, Wrapped.class}, (proxy, method, args) -> switch (method.getName()) {
                    // identity, so the proxy can key a map of connections
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "toString" -> "WithoutLifecycle[" + driver + "]";
                    case "unwrap" -> args == null ? driver : unwrap(proxy, driver, (Class<?>) args[0]);
                    default -> {
                        try {
                            yield method.invoke(driver, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    }
                });
    }

    /** {@code Wrapped.unwrap(Class)}: r2dbc-pool asks it for the driver's Lifecycle, which stays hidden. */
    private static Object unwrap(Object proxy, Connection driver, Class<?> type) {
        if (type.isInstance(proxy)) {
            return proxy;
        }
        return Lifecycle.class.isAssignableFrom(type) || !type.isInstance(driver) ? null : driver;
    }
}
