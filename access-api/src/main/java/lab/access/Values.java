package lab.access;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;

/** Turns driver-specific value types into the few types {@link Row} promises. */
public final class Values {

    private Values() {
    }

    public static Object normalise(Object v) {
        if (v == null || v instanceof String || v instanceof Long || v instanceof BigDecimal
                || v instanceof LocalDateTime || v instanceof Boolean) {
            return v;
        }
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof BigInteger b) {
            return b.longValueExact();
        }
        if (v instanceof Double || v instanceof Float) {
            return BigDecimal.valueOf(((Number) v).doubleValue());
        }
        if (v instanceof Timestamp t) {
            return t.toLocalDateTime();
        }
        if (v instanceof OffsetDateTime o) {
            // the JVM's zone, as JDBC's Timestamp.toLocalDateTime() does
            return o.atZoneSameInstant(ZoneId.systemDefault()).toLocalDateTime();
        }
        if (v instanceof CharSequence s) {
            return s.toString();
        }
        return v;
    }
}
