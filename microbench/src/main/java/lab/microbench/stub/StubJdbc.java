package lab.microbench.stub;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;

/**
 * Do-nothing JDBC objects. Every interface method answers a neutral value: {@code isValid} and
 * {@code execute} true, {@code getAutoCommit} true, {@code isClosed} whether {@code close()} was
 * called; {@code java.sql} objects (statements, result sets, metadata) are stubs in turn, and a
 * stub result set has exactly one row.
 */
public final class StubJdbc {

    private StubJdbc() {
    }

    public static Connection connection() {
        return stub(Connection.class);
    }

    static <T> T stub(Class<T> type) {
        return type.cast(Proxy.newProxyInstance(StubJdbc.class.getClassLoader(), new Class<?>[] {type}, new Handler(type)));
    }

    private static final class Handler implements InvocationHandler {
        private final Class<?> type;
        private boolean closed;
        private int rowsLeft = 1;

        Handler(Class<?> type) {
            this.type = type;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) {
            String name = method.getName();
            Class<?> returns = method.getReturnType();
            switch (name) {
                case "close" -> closed = true;
                case "isClosed" -> { return closed; }
                case "next" -> { return type == ResultSet.class && rowsLeft-- > 0; }
                case "unwrap" -> { return proxy; }
                case "equals" -> { return proxy == args[0]; }
                case "hashCode" -> { return System.identityHashCode(proxy); }
                case "toString" -> { return "stub " + type.getSimpleName(); }
                default -> { }
            }
            if (returns == boolean.class) {
                return !name.equals("isReadOnly") && !name.equals("isWrapperFor") && !name.equals("wasNull");
            }
            if (returns.isPrimitive()) {
                return returns == void.class ? null : zero(returns);
            }
            if (returns.isInterface() && returns.getPackageName().equals("java.sql")) {
                return stub(returns);
            }
            return null;
        }

        private static Object zero(Class<?> primitive) {
            if (primitive == long.class) {
                return 0L;
            }
            if (primitive == double.class) {
                return 0d;
            }
            if (primitive == float.class) {
                return 0f;
            }
            if (primitive == short.class) {
                return (short) 0;
            }
            if (primitive == byte.class) {
                return (byte) 0;
            }
            if (primitive == char.class) {
                return '\0';
            }
            return 0;
        }
    }
}
