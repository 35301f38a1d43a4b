package lab.access.jdbc;

import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import lab.access.ClientOptions;
import lab.access.ClientOptions.HandOff;
import lab.access.DbClient;
import lab.access.DbSession;
import lab.access.Mode;
import lab.access.Rows;
import lab.access.SourceUrl;
import lab.access.internal.CallGate;

/**
 * What the three JDBC-based modes share: a HikariCP pool, admission and meters ({@link CallGate}),
 * sessions. They differ only in the {@link Executor} that gives a call its thread: the caller's
 * ({@code jdbc}), a bounded pool ({@code threadpool}) or a new virtual thread ({@code virtual}).
 */
public abstract class JdbcBackedClient implements DbClient {

    private static final AtomicInteger POOLS = new AtomicInteger();
    private static final long CLOSE_WAIT_MS = 2_000;

    private final SourceUrl source;
    private final Mode mode;
    private final Executor executor;
    private final HandOff sessionHandOff;
    private final JdbcPool pool;
    private final CallGate gate;
    private final Lease perCall = new Lease() {
        @Override
        public Connection acquire() throws SQLException {
            return pool.borrow();
        }

        @Override
        public void release(Connection connection) {
            closeQuietly(connection);
        }
    };

    protected JdbcBackedClient(SourceUrl source, Mode mode, ClientOptions options, MeterRegistry registry,
                               Executor executor, HandOff sessionHandOff) {
        this.source = source;
        this.mode = mode;
        this.executor = executor;
        this.sessionHandOff = sessionHandOff;
        String poolName = "hikari-" + mode.id() + "-" + source.database() + "-" + POOLS.incrementAndGet();
        try {
            this.pool = new JdbcPool(source, options, poolName, registry);
        } catch (RuntimeException e) {
            if (executor instanceof ExecutorService service) {
                service.shutdownNow();
            }
            throw e;
        }
        this.gate = new CallGate(source, mode, options, registry, pool::size);
    }

    @Override
    public SourceUrl source() {
        return source;
    }

    @Override
    public Mode mode() {
        return mode;
    }

    @Override
    public CompletionStage<Rows> query(String sql, List<?> params) {
        return call(false, perCall, this::dispatch, c -> JdbcStatements.query(c, sql, params));
    }

    @Override
    public CompletionStage<Long> update(String sql, List<?> params) {
        return call(false, perCall, this::dispatch, c -> JdbcStatements.update(c, sql, params));
    }

    @Override
    public DbSession openSession() {
        return new JdbcSession(this, new SerialQueue(this::dispatch, sessionHandOff));
    }

    /** Stops new calls, fails queued ones, stops the threads, closes every connection. */
    @Override
    public void close() {
        if (gate.isClosed()) {
            return;
        }
        gate.close();
        if (executor instanceof ExecutorService service) {
            for (Runnable never : service.shutdownNow()) {
                if (never instanceof Job job) {
                    job.abort(gate.closedError());
                }
            }
            awaitTermination(service);
            pool.close(); // aborts connections still in use, which frees threads blocked on them
            awaitTermination(service);
        } else {
            pool.close();
        }
    }

    <T> CompletionStage<T> call(boolean mustRun, Lease lease, Consumer<Job> target, SqlWork<T> work) {
        return gate.submit(mustRun, admitted -> {
            JdbcCall<T> job = new JdbcCall<>(admitted, lease, work, gate.source());
            target.accept(job);
            return job.result;
        });
    }

    JdbcPool pool() {
        return pool;
    }

    static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException | RuntimeException ignored) {
            // the pool discards a broken connection on its own
        }
    }

    private void dispatch(Job job) {
        try {
            executor.execute(job);
        } catch (RejectedExecutionException e) {
            job.abort(gate.isClosed() ? gate.closedError() : gate.reject());
        }
    }

    private static void awaitTermination(ExecutorService service) {
        try {
            service.awaitTermination(CLOSE_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
