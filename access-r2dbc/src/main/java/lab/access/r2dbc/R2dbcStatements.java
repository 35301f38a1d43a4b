package lab.access.r2dbc;

import io.r2dbc.postgresql.codec.PostgresqlObjectId;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Parameters;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.RowMetadata;
import io.r2dbc.spi.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import lab.access.Rows;
import lab.access.SourceUrl;
import lab.access.spi.Placeholders;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A statement as the driver wants it, and its result as the API gives it: {@code $n} placeholders
 * on PostgreSQL, parameters bound in order, rows through {@link Rows.Builder} (so values are those
 * of every other mode), or the count of rows changed.
 */
final class R2dbcStatements {

    private final boolean postgresql;

    R2dbcStatements(SourceUrl source) {
        this.postgresql = source.engine() == SourceUrl.Engine.POSTGRESQL;
    }

    Function<Connection, Mono<Rows>> query(String sql, List<?> params) {
        String nativeSql = postgresql ? Placeholders.numbered(sql) : sql;
        return c -> Mono.defer(() -> {
            Collected collected = new Collected();
            return Flux.from(bind(c.createStatement(nativeSql), params).execute())
                    .concatMap(result -> result.map(collected::add))
                    .then(Mono.fromSupplier(collected::build));
        });
    }

    Function<Connection, Mono<Long>> update(String sql, List<?> params) {
        String nativeSql = postgresql ? Placeholders.numbered(sql) : sql;
        return c -> Flux.from(bind(c.createStatement(nativeSql), params).execute())
                .concatMap(Result::getRowsUpdated)
                .reduce(0L, Long::sum);
    }

    /**
     * A null needs a type: on PostgreSQL the unspecified one, so the server infers it from the
     * statement as it does for the other modes' nulls (a text null compared to an integer column
     * fails); MySQL takes any.
     */
    private Statement bind(Statement statement, List<?> params) {
        for (int i = 0; i < params.size(); i++) {
            Object value = params.get(i);
            if (value != null) {
                statement.bind(i, value);
            } else if (postgresql) {
                statement.bind(i, Parameters.in(PostgresqlObjectId.UNSPECIFIED));
            } else {
                statement.bindNull(i, String.class);
            }
        }
        return statement;
    }

    /**
     * The rows of one execution. Column names come with each row's metadata in R2DBC, so they are
     * read from the first; a result without rows has none (the driver does not expose them).
     */
    private static final class Collected {
        private Rows.Builder rows;

        Collected add(io.r2dbc.spi.Row row, RowMetadata meta) {
            var columns = meta.getColumnMetadatas();
            if (rows == null) {
                List<String> names = new ArrayList<>(columns.size());
                columns.forEach(c -> names.add(c.getName()));
                rows = new Rows.Builder(names);
            }
            Object[] values = new Object[columns.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = row.get(i);
            }
            rows.add(values);
            return this;
        }

        Rows build() {
            return (rows == null ? new Rows.Builder(List.of()) : rows).build();
        }
    }
}
