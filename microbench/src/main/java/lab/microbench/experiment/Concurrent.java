package lab.microbench.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/** Runs a body on N platform threads that start together; rethrows the first failure. */
final class Concurrent {

    @FunctionalInterface
    interface Body {
        void run(int thread) throws Exception;
    }

    private Concurrent() {
    }

    static void run(int threads, Body body) throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> started = new ArrayList<>(threads);
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < threads; i++) {
            int id = i;
            started.add(Thread.ofPlatform().name("bench-" + i).start(() -> {
                try {
                    start.await();
                    body.run(id);
                } catch (Throwable t) {
                    failures.add(t);
                }
            }));
        }
        start.countDown();
        for (Thread t : started) {
            t.join();
        }
        if (!failures.isEmpty()) {
            throw new IllegalStateException("a benchmark thread failed: " + failures.get(0), failures.get(0));
        }
    }
}
