package lab.loadgen.ceiling;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.LongAdder;

/**
 * The database ceiling's measuring loop: an app's page without its web tier, called by
 * {@code --concurrency} virtual threads back to back for {@code --duration} seconds (closed loop),
 * after a short warm-up. Prints one JSON line: requests, durationSec, requestsPerSec, meanReplyMs,
 * errors, failedPages (lab.loadgen.tool.CeilingParser reads it).
 *
 * <p>It runs in a child JVM on the app's class path (lab.loadgen.tool.CeilingTool), so it uses the
 * JDK only and meets the page through JDK types: {@code --page} names a class with a static
 * {@code open(String mode)} that returns a {@code Callable<Boolean>} (true: a complete page) that is
 * also {@code AutoCloseable}.
 */
public final class PageLoop {

    static final int WARMUP_SEC = 2;

    private PageLoop() {
    }

    public static void main(String[] args) throws Exception {
        String pageClass = option(args, "--page", null);
        String mode = option(args, "--mode", null);
        if (pageClass == null || mode == null) {
            throw new IllegalArgumentException("--page <class with a static open(String mode)> and --mode <id> are required");
        }
        int concurrency = Integer.parseInt(option(args, "--concurrency", "25"));
        int seconds = Integer.parseInt(option(args, "--duration", "10"));
        Object page = Class.forName(pageClass, true, Thread.currentThread().getContextClassLoader())
                .getMethod("open", String.class).invoke(null, mode);
        try (AutoCloseable closing = (AutoCloseable) page) {
            @SuppressWarnings("unchecked")
            Callable<Boolean> view = (Callable<Boolean>) page;
            run(view, concurrency, WARMUP_SEC);
            System.out.println(run(view, concurrency, seconds));
        }
        System.exit(0); // a page's clients may hold non-daemon threads (event loops)
    }

    /** {@code concurrency} virtual threads, each calling {@code page} back to back until the deadline; the JSON line. */
    static String run(Callable<Boolean> page, int concurrency, int seconds) throws InterruptedException {
        LongAdder pages = new LongAdder();
        LongAdder nanos = new LongAdder();
        LongAdder errors = new LongAdder();
        LongAdder failedPages = new LongAdder();
        long start = System.nanoTime();
        long deadline = start + seconds * 1_000_000_000L;
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < concurrency; i++) {
            threads.add(Thread.ofVirtual().name("ceiling-" + i).start(() -> {
                while (System.nanoTime() < deadline) {
                    long t0 = System.nanoTime();
                    try {
                        boolean complete = page.call();
                        failedPages.add(complete ? 0 : 1);
                        pages.increment();
                        nanos.add(System.nanoTime() - t0);
                    } catch (Exception e) {
                        errors.increment();
                    }
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        double duration = (System.nanoTime() - start) / 1e9;
        long n = pages.sum();
        return String.format(Locale.ROOT, "{\"requests\":%d,\"durationSec\":%s,\"requestsPerSec\":%s,\"meanReplyMs\":%s,"
                + "\"errors\":%d,\"failedPages\":%d}", n, duration, n / duration, n == 0 ? "null" : nanos.sum() / 1e6 / n,
                errors.sum(), failedPages.sum());
    }

    private static String option(String[] args, String name, String fallback) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }
}
