package lab.access.internal;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import lab.access.ForkJoin;
import lab.access.ClientOptions;
import lab.access.ClientOptions.Overflow;
import lab.access.DbException;
import lab.access.Mode;
import lab.access.OverloadedException;
import lab.access.SourceUnavailableException;
import lab.access.SourceUrl;

/**
 * The life of every call, in every mode: admission against the bound (at most
 * {@code poolSize + queueBound} calls in flight; {@code FAIL} rejects at once, {@code BLOCK} waits
 * up to {@code connectTimeout}), the query timeout, and the meters {@code access.calls.inflight},
 * {@code access.queue.depth}, {@code access.wait}, {@code access.execution}, {@code access.rejected},
 * {@code access.pool.size}, {@code access.pool.open}, {@code access.multiplexed}.
 */
public final class CallGate implements AutoCloseable {

    private final String source;
    private final Overflow overflow;
    private final Duration blockTimeout;
    private final long queryTimeoutMs;
    private final int limit;
    private final Semaphore room;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger queued = new AtomicInteger();
    private final ClientMeters meters;
    private volatile boolean closed;

    /** @param openConnections connections of the client's pool open now, reported as {@code access.pool.open} */
    public CallGate(SourceUrl source, Mode mode, ClientOptions options, MeterRegistry registry, Supplier<Number> openConnections) {
        this.source = source.address();
        this.overflow = options.overflow();
        this.blockTimeout = options.connectTimeout();
        this.queryTimeoutMs = options.queryTimeout().toMillis();
        this.limit = options.poolSize() + options.queueBound();
        this.room = new Semaphore(limit);
        this.meters = new ClientMeters(registry, source, mode);
        meters.gauge("access.calls.inflight", "calls admitted and not finished", inFlight::get);
        meters.gauge("access.queue.depth", "calls admitted and still waiting for a connection", queued::get);
        meters.gauge("access.pool.size", "database connections per source the client may open (poolSize)", options::poolSize);
        meters.gauge("access.pool.open", "database connections open now", openConnections);
        boolean multiplexed = mode == Mode.NONBLOCKING && options.multiplex();
        meters.gauge("access.multiplexed", "1 when sessions share pipelined connections (nonblocking multiplex)", () -> multiplexed ? 1 : 0);
    }

    /**
     * Admits a call and starts it; the returned stage fails with {@link OverloadedException} when
     * there is no room, or with {@link SourceUnavailableException} when no answer comes within
     * the query timeout (the call's {@link Call#onTimeout} hook then cancels it). Never throws.
     *
     * @param start hands the call to a thread or driver; completes its future after {@link Call#finished()}
     */
    public <T> CompletionStage<T> submit(Function<Call, CompletableFuture<T>> start) {
        return run(false, start);
    }

    /** As {@link #submit}, but admitted even when full: COMMIT and ROLLBACK must never be refused. */
    public <T> CompletionStage<T> submitEnd(Function<Call, CompletableFuture<T>> start) {
        return run(true, start);
    }

    public long connectTimeoutMs() {
        return blockTimeout.toMillis();
    }

    private <T> CompletionStage<T> run(boolean isEnd, Function<Call, CompletableFuture<T>> start) {
        Call call;
        try {
            call = admit(isEnd);
        } catch (DbException e) {
            return CompletableFuture.failedFuture(e);
        }
        CompletableFuture<T> running;
        try {
            running = start.apply(call);
        } catch (RuntimeException e) {
            call.finished();
            return CompletableFuture.failedFuture(unexpected(e));
        }
        return withTimeout(call, running);
    }

    public String source() {
        return source;
    }

    public boolean isClosed() {
        return closed;
    }

    public DbException closedError() {
        return new DbException(source, "client is closed", null, 0, null);
    }

    /** Counts a rejected call and returns the overload error for it (naming the bound that was full). */
    public DbException reject() {
        return reject(null);
    }

    /** As {@link #reject()}, keeping the driver's own refusal as the cause. */
    public DbException reject(Throwable cause) {
        meters.rejected.increment();
        return new OverloadedException(source, limit, cause);
    }

    public DbException unexpected(Throwable error) {
        return error instanceof DbException d ? d : new DbException(source, Failures.describe(error), null, 0, error);
    }

    /** Refuses new calls from now on and removes the meters. */
    @Override
    public void close() {
        closed = true;
        meters.close();
    }

    private Call admit(boolean isEnd) {
        if (closed) {
            throw closedError();
        }
        boolean permit = isEnd ? room.tryAcquire() : acquire();
        if (!permit && !isEnd) {
            throw reject();
        }
        return new Call(permit);
    }

    private boolean acquire() {
        if (overflow == Overflow.FAIL) {
            return room.tryAcquire();
        }
        try {
            return room.tryAcquire(blockTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private <T> CompletableFuture<T> withTimeout(Call call, CompletableFuture<T> running) {
        if (running.isDone()) {
            return running;
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        running.orTimeout(queryTimeoutMs, TimeUnit.MILLISECONDS).whenComplete((value, error) -> {
            if (error == null) {
                result.complete(value);
            } else if (ForkJoin.unwrap(error) instanceof TimeoutException timeout) {
                call.timedOut();
                result.completeExceptionally(new SourceUnavailableException(source, "no answer within " + queryTimeoutMs + " ms", timeout));
            } else {
                result.completeExceptionally(ForkJoin.unwrap(error));
            }
        });
        return result;
    }

    /** One admitted call: {@link #started()} once a connection is in hand, {@link #finished()} at the end. */
    public final class Call {
        private final boolean permit;
        private final long admittedAt = System.nanoTime();
        private final AtomicBoolean started = new AtomicBoolean();
        private final AtomicBoolean finished = new AtomicBoolean();
        private volatile long startedAt;
        private volatile Runnable onTimeout;
        private final AtomicBoolean gaveUp = new AtomicBoolean();
        private final AtomicBoolean cancelled = new AtomicBoolean();

        private Call(boolean permit) {
            this.permit = permit;
            inFlight.incrementAndGet();
            queued.incrementAndGet();
        }

        public void started() {
            if (started.compareAndSet(false, true)) {
                startedAt = System.nanoTime();
                queued.decrementAndGet();
                meters.wait.record(startedAt - admittedAt, TimeUnit.NANOSECONDS);
            }
        }

        /**
         * What to do when the caller gives up on this call: cancel it on the server and free its
         * connection. Runs at most once, on the timer's thread (it must not block); at once if the
         * caller already gave up.
         */
        public void onTimeout(Runnable cancel) {
            this.onTimeout = cancel;
            if (gaveUp.get()) {
                cancelOnce();
            }
        }

        /** The caller got its timeout: work not yet sent should not be sent any more. */
        public boolean gaveUp() {
            return gaveUp.get();
        }

        /** The work has ended ({@link #finished()} was called). */
        public boolean isFinished() {
            return finished.get();
        }

        /** Room stays taken until the work really ends (the cancel makes that soon), so stuck work stays bounded. */
        private void timedOut() {
            gaveUp.set(true);
            cancelOnce();
        }

        private void cancelOnce() {
            Runnable cancel = onTimeout;
            if (cancel != null && cancelled.compareAndSet(false, true)) {
                cancel.run();
            }
        }

        /** Call before completing the caller's future, so that room is free when the caller sees the result. */
        public void finished() {
            if (!finished.compareAndSet(false, true)) {
                return;
            }
            if (started.get()) {
                meters.execution.record(System.nanoTime() - startedAt, TimeUnit.NANOSECONDS);
            } else if (started.compareAndSet(false, true)) {
                queued.decrementAndGet();
            }
            inFlight.decrementAndGet();
            if (permit) {
                room.release();
            }
        }
    }
}
