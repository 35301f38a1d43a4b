package lab.access.nonblocking;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.util.List;
import java.util.function.Function;
import lab.access.SourceUrl;
import lab.access.spi.Placeholders;

/** A statement as the driver wants it: {@code $n} placeholders on PostgreSQL, bound parameters. */
final class Statements {

    private final boolean numberedPlaceholders;

    Statements(SourceUrl source) {
        this.numberedPlaceholders = source.engine() == SourceUrl.Engine.POSTGRESQL;
    }

    Function<Leased, Future<RowSet<Row>>> of(String sql, List<?> params) {
        String nativeSql = numberedPlaceholders ? Placeholders.numbered(sql) : sql;
        Tuple tuple = Tuple.from(params);
        return leased -> leased.connection().preparedQuery(nativeSql).execute(tuple);
    }
}
