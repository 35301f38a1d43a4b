package lab.access;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** An immutable result set: column names (lower case) and rows. */
public final class Rows implements Iterable<Row> {

    private final List<String> columns;
    private final List<Row> rows;

    private Rows(List<String> columns, List<Row> rows) {
        this.columns = columns;
        this.rows = rows;
    }

    public List<String> columns() {
        return columns;
    }

    public List<Row> list() {
        return rows;
    }

    public int size() {
        return rows.size();
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public Row first() {
        if (rows.isEmpty()) {
            throw new IllegalStateException("query returned no rows");
        }
        return rows.get(0);
    }

    @Override
    public Iterator<Row> iterator() {
        return rows.iterator();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Rows r && rows.equals(r.rows) && columns.equals(r.columns);
    }

    @Override
    public int hashCode() {
        return rows.hashCode();
    }

    @Override
    public String toString() {
        return columns + "" + rows;
    }

    /** Collects rows from a driver; {@link Values#normalise} makes values engine-independent. */
    public static final class Builder {
        private final List<String> columns;
        private final Map<String, Integer> index = new HashMap<>();
        private final List<Row> rows = new ArrayList<>();

        public Builder(List<String> columnNames) {
            List<String> lower = new ArrayList<>(columnNames.size());
            for (int i = 0; i < columnNames.size(); i++) {
                String name = columnNames.get(i).toLowerCase(Locale.ROOT);
                lower.add(name);
                index.putIfAbsent(name, i);
            }
            this.columns = List.copyOf(lower);
        }

        public Builder add(Object[] rawValues) {
            List<Object> values = new ArrayList<>(rawValues.length);
            for (Object v : rawValues) {
                values.add(Values.normalise(v));
            }
            rows.add(new Row(index, Collections.unmodifiableList(values)));
            return this;
        }

        public Rows build() {
            return new Rows(columns, List.copyOf(rows));
        }
    }
}
