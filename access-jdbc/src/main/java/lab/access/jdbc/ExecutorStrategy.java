package lab.access.jdbc;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import lab.access.ClientOptions;
import lab.access.ClientOptions.HandOff;
import lab.access.Mode;
import lab.access.SourceUrl;

/**
 * The three JDBC modes differ only here: which thread runs a call, and how a session's calls are
 * handed off (thesis 4.2). Thread names say the mode, engine and database.
 */
enum ExecutorStrategy {

    /** {@code jdbc}: the caller's thread; every call blocks its caller and returns a completed stage. */
    CALLER {
        @Override
        Executor executor(SourceUrl source, ClientOptions options) {
            return Runnable::run;
        }

        @Override
        HandOff handOff(ClientOptions options) {
            return HandOff.UNFAIR;
        }
    },

    /**
     * {@code threadpool} (thesis "ADBCJ-JDBC"): {@code executorThreads} threads named
     * {@code threadpool-<engine>-<db>-N} ({@code threadpool-fair-…} when fair, so that a page's
     * threads tell the hand-off), a bounded queue, session calls handed off {@code FAIR} or
     * {@code UNFAIR} ({@link ClientOptions#handOff()}).
     */
    THREAD_POOL {
        @Override
        Executor executor(SourceUrl source, ClientOptions options) {
            int threads = options.executorThreads();
            // admission already bounds the calls in flight; this bound is the backstop
            int queue = options.poolSize() + options.queueBound();
            ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new ArrayBlockingQueue<>(queue),
                    daemons(threadPrefix(options.handOff() == HandOff.FAIR ? Mode.THREADPOOL_FAIR : Mode.THREADPOOL.id(), source)),
                    new ThreadPoolExecutor.AbortPolicy());
            // a fixed pool from the start: otherwise it adds a thread per call until it is full, and the
            // first burst of slow calls (a silent server) looks like a thread leak
            pool.prestartAllCoreThreads();
            return pool;
        }

        @Override
        HandOff handOff(ClientOptions options) {
            return options.handOff();
        }
    },

    /**
     * {@code virtual}: a new virtual thread per call ({@code virtual-<engine>-<db>-N}); concurrency
     * is bounded by the Hikari pool (and admission), not by threads. A session's calls run one
     * after another, each on its own virtual thread.
     */
    VIRTUAL_THREADS {
        @Override
        Executor executor(SourceUrl source, ClientOptions options) {
            return Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(threadPrefix("virtual", source), 0).factory());
        }

        @Override
        HandOff handOff(ClientOptions options) {
            return HandOff.FAIR;
        }
    };

    abstract Executor executor(SourceUrl source, ClientOptions options);

    abstract HandOff handOff(ClientOptions options);

    static ExecutorStrategy of(Mode mode) {
        return switch (mode) {
            case JDBC -> CALLER;
            case THREADPOOL -> THREAD_POOL;
            case VIRTUAL -> VIRTUAL_THREADS;
            case NONBLOCKING, R2DBC -> throw new IllegalArgumentException(mode.id() + " is not a JDBC mode");
        };
    }

    private static String threadPrefix(String mode, SourceUrl source) {
        return mode + "-" + source.engine().scheme + "-" + source.database() + "-";
    }

    private static ThreadFactory daemons(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
