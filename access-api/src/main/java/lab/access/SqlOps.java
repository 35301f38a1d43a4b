package lab.access;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The two things one can ask of a database. SQL uses {@code ?} placeholders on every engine
 * (implementations translate for PostgreSQL's native protocol); parameters are bound, never
 * concatenated. Supported parameter types: Integer, Long, String, BigDecimal, LocalDateTime, Boolean, null.
 */
public interface SqlOps {

    /** Runs a query; the stage completes with all rows, copied into immutable values. */
    CompletionStage<Rows> query(String sql, List<?> params);

    /** Runs INSERT/UPDATE/DELETE; the stage completes with the affected row count. */
    CompletionStage<Long> update(String sql, List<?> params);

    /** Varargs form; a {@code null} argument binds SQL NULL. */
    default CompletionStage<Rows> query(String sql, Object... params) {
        return query(sql, Arrays.asList(params));
    }

    default CompletionStage<Long> update(String sql, Object... params) {
        return update(sql, Arrays.asList(params));
    }
}
