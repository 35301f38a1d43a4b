package lab.access;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/** Live platform threads: counts, names, and a sampler of the peak while a load runs. */
final class Threads {

    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private Threads() {
    }

    static int live() {
        return MX.getThreadCount();
    }

    static Set<String> names() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName).collect(Collectors.toSet());
    }

    static int count(Predicate<String> name) {
        return (int) Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && name.test(t.getName())).count();
    }

    /** Samples every few ms until closed: peak of all live threads and of those matching a name. */
    static final class Peak implements AutoCloseable {
        private final AtomicInteger all = new AtomicInteger();
        private final AtomicInteger matching = new AtomicInteger();
        private final Thread sampler;
        private volatile boolean running = true;

        Peak(Predicate<String> name) {
            sampler = Thread.ofPlatform().daemon().name("test-thread-sampler").start(() -> {
                while (running) {
                    all.accumulateAndGet(live(), Math::max);
                    matching.accumulateAndGet(count(name), Math::max);
                    try {
                        Thread.sleep(5);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
        }

        int all() {
            return all.get();
        }

        int matching() {
            return matching.get();
        }

        @Override
        public void close() throws InterruptedException {
            running = false;
            sampler.join();
        }
    }
}
