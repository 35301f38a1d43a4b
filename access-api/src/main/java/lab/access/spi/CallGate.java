package lab.access.spi;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import lab.access.ClientOptions;
import lab.access.DbException;
import lab.access.Deadline;
import lab.access.ForkJoin;
import lab.access.Mode;
import lab.access.OverloadedException;
import lab.access.SourceUnavailableException;
import lab.access.SourceUrl;
import lab.access.Timeouts;

/**
 * The life of every call, in every mode: {@link Admission} decides whether it may start; this
 * class bounds its time (the query timeout, or less when the caller's {@link Deadline} comes
 * first: a call made after it is not even started) and tells the {@link CallListener} what
 * happened. Each engine family's runner (JdbcRunner, VertxRunner) hands the call to a thread or
 * a driver and maps the driver's errors.
 */
public final class CallGate implements AutoCloseable, CallListener.Counts {

    private final String source;
    private final Duration connectTimeout;
    private final long queryTimeoutMs;
    private final Admission admission;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger queued = new AtomicInteger();
    private final CallListener listener;
    private volatile boolean closed;

    /** @param listener told of every call's wait, execution and rejection; given this gate's counts for its gauges */
    public CallGate(SourceUrl source, ClientOptions options, Function<CallListener.Counts, CallListener> listener) {
        this.source = source.address();
        this.connectTimeout = options.connectTimeout();
        this.queryTimeoutMs = options.queryTimeout().toMillis();
        this.admission = new Admission(options);
        this.listener = listener.apply(this);
    }

    /** A gate whose calls are metered in {@code registry} ({@link MicrometerCallListener}). */
    public static CallGate metered(SourceUrl source, Mode mode, ClientOptions options, MeterRegistry registry,
                                   Supplier<Number> openConnections) {
        return metered(source, mode, options, registry, openConnections, PoolGauges.NONE);
    }

    /** As {@link #metered(SourceUrl, Mode, ClientOptions, MeterRegistry, Supplier)}, with the pool's own gauges. */
    public static CallGate metered(SourceUrl source, Mode mode, ClientOptions options, MeterRegistry registry,
                                   Supplier<Number> openConnections, PoolGauges pool) {
        return new CallGate(source, options, counts -> new MicrometerCallListener(registry, source, mode, options, counts, openConnections, pool));
    }

    /**
     * Admits a call and starts it; the returned stage fails with {@link OverloadedException} when
     * there is no room, or with {@link SourceUnavailableException} when the deadline has passed or
     * no answer comes within the call's time limit (the call's {@link Call#onTimeout} hook then
     * cancels it). Never throws.
     *
     * @param start hands the call to a thread or driver; completes its future after {@link Call#finished()}
     */
    public <T> CompletionStage<T> submit(Deadline deadline, Function<Call, CompletableFuture<T>> start) {
        return run(false, deadline, start);
    }

    /**
     * As {@link #submit}, but admitted even when full: COMMIT and ROLLBACK must never be refused
     * for overload. Past the deadline they are not sent either: the session then closes its
     * connection instead of reusing it, and the server rolls the transaction back.
     */
    public <T> CompletionStage<T> submitEnd(Deadline deadline, Function<Call, CompletableFuture<T>> start) {
        return run(true, deadline, start);
    }

    @Override
    public int inFlight() {
        return inFlight.get();
    }

    @Override
    public int queued() {
        return queued.get();
    }

    public long connectTimeoutMs() {
        return connectTimeout.toMillis();
    }

    private <T> CompletionStage<T> run(boolean isEnd, Deadline deadline, Function<Call, CompletableFuture<T>> start) {
        if (deadline.millisLeft(queryTimeoutMs) <= 0) {
            return CompletableFuture.failedFuture(tooLate());
        }
        Call call;
        try {
            call = admit(isEnd, deadline);
        } catch (DbException e) {
            return CompletableFuture.failedFuture(e);
        }
        long limitMs = deadline.millisLeft(queryTimeoutMs); // after admission, which may have waited (BLOCK)
        if (limitMs <= 0) {
            call.finished();
            return CompletableFuture.failedFuture(tooLate());
        }
        CompletableFuture<T> running;
        try {
            running = start.apply(call);
        } catch (RuntimeException e) {
            call.finished();
            return CompletableFuture.failedFuture(unexpected(e));
        }
        return withTimeout(call, running, limitMs, limitMs < queryTimeoutMs);
    }

    public String source() {
        return source;
    }

    private DbException tooLate() {
        return new SourceUnavailableException(source, "not asked: the caller's deadline had passed", null);
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
        listener.rejected();
        return new OverloadedException(source, admission.limit(), cause);
    }

    public DbException unexpected(Throwable error) {
        return error instanceof DbException d ? d : new DbException(source, Failures.describe(error), null, 0, error);
    }

    /** Refuses new calls from now on and removes the meters. */
    @Override
    public void close() {
        closed = true;
        listener.close();
    }

    private Call admit(boolean isEnd, Deadline deadline) {
        if (closed) {
            throw closedError();
        }
        boolean permit = isEnd ? admission.tryEnter() : admission.enter(deadline);
        if (!permit && !isEnd) {
            throw reject();
        }
        return new Call(permit, deadline);
    }

    private <T> CompletableFuture<T> withTimeout(Call call, CompletableFuture<T> running, long limitMs, boolean byDeadline) {
        if (running.isDone()) {
            return running;
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        String why = byDeadline ? "no answer by the caller's deadline (" + limitMs + " ms)" : "no answer within " + limitMs + " ms";
        Timeouts.within(running, limitMs).whenComplete((value, error) -> {
            if (error == null) {
                result.complete(value);
            } else if (ForkJoin.unwrap(error) instanceof TimeoutException timeout) {
                try {
                    call.timedOut();
                } finally { // the caller gets its timeout even if the engine's cancel fails
                    result.completeExceptionally(new SourceUnavailableException(source, why, timeout));
                }
            } else {
                result.completeExceptionally(ForkJoin.unwrap(error));
            }
        });
        return result;
    }

    /** One admitted call: {@link #started()} once a connection is in hand, {@link #finished()} at the end. */
    public final class Call {
        private final boolean permit;
        private final Deadline deadline;
        private final long admittedAt = System.nanoTime();
        private final AtomicBoolean started = new AtomicBoolean();
        private final AtomicBoolean finished = new AtomicBoolean();
        private volatile long startedAt;
        private volatile Runnable onTimeout;
        private final AtomicBoolean gaveUp = new AtomicBoolean();
        private final AtomicBoolean cancelled = new AtomicBoolean();

        private Call(boolean permit, Deadline deadline) {
            this.permit = permit;
            this.deadline = deadline;
            inFlight.incrementAndGet();
            queued.incrementAndGet();
        }

        public void started() {
            if (started.compareAndSet(false, true)) {
                startedAt = System.nanoTime();
                queued.decrementAndGet();
                listener.waited(startedAt - admittedAt);
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

        /** The caller's deadline ({@link Deadline#NONE} when it has none), for the engine's own waits. */
        public Deadline deadline() {
            return deadline;
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
                listener.executed(System.nanoTime() - startedAt);
            } else if (started.compareAndSet(false, true)) {
                queued.decrementAndGet();
            }
            inFlight.decrementAndGet();
            if (permit) {
                admission.leave();
            }
        }
    }
}
