package lab.access;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;

/**
 * One result row, detached from the driver. Values are normalised so every engine and mode
 * yields equal rows: integral numbers are {@link Long}, decimals {@link BigDecimal}, timestamps
 * {@link LocalDateTime}, text {@link String}.
 */
public record Row(Map<String, Integer> index, List<Object> values) {

    public Object get(int column) {
        return values.get(column);
    }

    public Object get(String column) {
        Integer i = index.get(column.toLowerCase(java.util.Locale.ROOT));
        if (i == null) {
            throw new IllegalArgumentException("no column '" + column + "' in " + index.keySet());
        }
        return values.get(i);
    }

    public String getString(String column) {
        Object v = get(column);
        return v == null ? null : v.toString();
    }

    public long getLong(String column) {
        return ((Number) get(column)).longValue();
    }

    public int getInt(String column) {
        return Math.toIntExact(getLong(column));
    }

    public BigDecimal getDecimal(String column) {
        Object v = get(column);
        return v instanceof BigDecimal d ? d : v == null ? null : new BigDecimal(v.toString());
    }

    public LocalDateTime getTimestamp(String column) {
        return (LocalDateTime) get(column);
    }

    @Override
    public String toString() {
        return values.toString();
    }

    /** Rows compare by values only. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Row r && values.equals(r.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }
}
