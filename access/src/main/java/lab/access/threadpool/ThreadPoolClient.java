package lab.access.threadpool;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import lab.access.ClientOptions;
import lab.access.Mode;
import lab.access.SourceUrl;
import lab.access.jdbc.JdbcBackedClient;

/**
 * {@code threadpool} (thesis "ADBCJ-JDBC"): JDBC calls run on a bounded executor of
 * {@code executorThreads} threads named {@code threadpool-<engine>-<db>-N} (engine {@code mysql} or
 * {@code postgresql}); its queue is bounded too.
 * Session calls are handed off {@code FAIR} or {@code UNFAIR} ({@link ClientOptions#handOff()}).
 */
public final class ThreadPoolClient extends JdbcBackedClient {

    public ThreadPoolClient(SourceUrl source, ClientOptions options, MeterRegistry registry) {
        super(source, Mode.THREADPOOL, options, registry, executor(source, options), options.handOff());
    }

    private static ThreadPoolExecutor executor(SourceUrl source, ClientOptions options) {
        int threads = options.executorThreads();
        // admission already bounds the calls in flight; this bound is the backstop
        int queue = options.poolSize() + options.queueBound();
        return new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(queue), named("threadpool-" + source.engine().scheme + "-" + source.database() + "-"),
                new ThreadPoolExecutor.AbortPolicy());
    }

    private static ThreadFactory named(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
