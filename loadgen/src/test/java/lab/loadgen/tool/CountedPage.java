package lab.loadgen.tool;

import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A page for PageLoop made of the JDK only (it runs in a child JVM whose class path has no other
 * loadgen class): every third view is incomplete, every fifth throws.
 */
public final class CountedPage implements Callable<Boolean>, AutoCloseable {

    private final AtomicLong views = new AtomicLong();

    public static CountedPage open(String mode) {
        if (!mode.equals("nonblocking")) {
            throw new IllegalArgumentException("the ceiling runs on nonblocking clients, not " + mode);
        }
        return new CountedPage();
    }

    @Override
    public Boolean call() throws InterruptedException {
        long n = views.incrementAndGet();
        Thread.sleep(1); // a page takes time: the loop's mean reply is above zero
        if (n % 5 == 0) {
            throw new IllegalStateException("a source failed");
        }
        return n % 3 != 0;
    }

    @Override
    public void close() {
        views.set(-1);
    }
}
