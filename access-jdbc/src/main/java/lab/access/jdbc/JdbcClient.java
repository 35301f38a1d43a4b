package lab.access.jdbc;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import lab.access.ClientOptions;
import lab.access.ClientOptions.HandOff;
import lab.access.DbSession;
import lab.access.Deadline;
import lab.access.Mode;
import lab.access.Rows;
import lab.access.SourceUrl;
import lab.access.spi.CallGate;
import lab.access.spi.SourceClient;

/**
 * The JDBC engine of the {@code jdbc}, {@code threadpool} and {@code virtual} modes: a HikariCP
 * pool, one runner for every call ({@link JdbcRunner}), sessions pinned to a connection. The modes
 * differ only in their {@link ExecutorStrategy}: which thread runs a call.
 */
final class JdbcClient extends SourceClient {

    private static final AtomicInteger POOLS = new AtomicInteger();
    private static final long CLOSE_WAIT_MS = 2_000;

    private final Executor executor;
    private final HandOff sessionHandOff;
    private final JdbcPool pool;
    private final CallGate gate;
    private final JdbcRunner runner;
    private final JdbcStatements statements;

    JdbcClient(SourceUrl source, Mode mode, ClientOptions options, MeterRegistry registry) {
        super(source, mode, options);
        ExecutorStrategy strategy = ExecutorStrategy.of(mode);
        this.executor = strategy.executor(source, options);
        this.sessionHandOff = strategy.handOff(options);
        this.statements = new JdbcStatements(options.queryTimeout());
        String poolName = "hikari-" + mode.id() + "-" + source.database() + "-" + POOLS.incrementAndGet();
        try {
            this.pool = new JdbcPool(source, options, poolName, registry);
        } catch (RuntimeException e) {
            if (executor instanceof ExecutorService service) {
                service.shutdownNow();
            }
            throw e;
        }
        this.gate = CallGate.metered(source, mode, options, registry, pool::size);
        this.runner = new JdbcRunner(gate, pool, executor);
    }

    @Override
    protected CallGate gate() {
        return gate;
    }

    @Override
    protected CompletionStage<Rows> query(Deadline deadline, String sql, List<?> params) {
        return runner.run(deadline, false, runner.perCall, runner::dispatch, statements.query(sql, params));
    }

    @Override
    protected CompletionStage<Long> update(Deadline deadline, String sql, List<?> params) {
        return runner.run(deadline, false, runner.perCall, runner::dispatch, statements.update(sql, params));
    }

    @Override
    protected DbSession openSession(Deadline deadline) {
        return new JdbcSession(runner, new SerialQueue(runner::dispatch, sessionHandOff), statements, deadline);
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

    private static void awaitTermination(ExecutorService service) {
        try {
            service.awaitTermination(CLOSE_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
