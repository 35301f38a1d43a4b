package lab.access.nonblocking;

import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.data.Numeric;
import lab.access.Rows;

/** Copies a Vert.x result into {@link Rows}, so every mode yields the same values. */
final class VertxResults {

    private VertxResults() {
    }

    static Rows rows(RowSet<Row> rowSet) {
        Rows.Builder rows = new Rows.Builder(rowSet.columnsNames());
        for (Row row : rowSet) {
            Object[] values = new Object[row.size()];
            for (int i = 0; i < values.length; i++) {
                Object v = row.getValue(i);
                values[i] = v instanceof Numeric n ? n.bigDecimalValue() : v;
            }
            rows.add(values);
        }
        return rows.build();
    }

    static long count(RowSet<Row> rowSet) {
        return rowSet.rowCount();
    }
}
