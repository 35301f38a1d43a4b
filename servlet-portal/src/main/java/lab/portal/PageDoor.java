package lab.portal;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Admission at the door: at most {@code pagesInFlight} joined pages are served at once, and the
 * others wait here, in the order they came, for at most {@code doorWait}. A page refused at the end
 * of its wait gets a 503 ({@link Full}) without having asked any database anything. A page's
 * deadline starts once it is in, so a page the databases begin is one they can finish. Why: with
 * no door, 200 jdbc pages at 78 ms all queued at the pools. The first source's wait (4.8 s for
 * some pages) left the second less than its 1 s statement margin of the 6 s deadline, so 2–4 % of
 * the pages failed there after their first source had already run. Registers
 * {@code lab.answer.limit}: by then every request is answered.
 */
final class PageDoor {

    private final Semaphore room;
    private final int limit;
    private final Duration wait;

    PageDoor(int pagesInFlight, Duration doorWait, Duration pageTimeout, MeterRegistry registry) {
        this.limit = pagesInFlight;
        this.wait = doorWait;
        this.room = pagesInFlight > 0 ? new Semaphore(pagesInFlight, true) : null;
        Duration answerLimit = room == null ? pageTimeout : pageTimeout.plus(doorWait);
        // read by the fault runs (a page slower than this, plus slack, is graded too slow) and by the sweep's tool timeout
        Gauge.builder("lab.answer.limit", answerLimit, d -> d.toMillis() / 1000.0).baseUnit("seconds").strongReference(true)
                .description("the door's wait and the page timeout: by then every request is answered, with data, an error panel or a 503")
                .register(registry);
        Gauge.builder("portal.door.limit", () -> limit).description("pages served at once; 0: no door").register(registry);
        Gauge.builder("portal.door.waiting", () -> room == null ? 0 : room.getQueueLength())
                .description("pages waiting at the door for their turn").register(registry);
    }

    /** Serves {@code page} once it is its turn; throws {@link Full} when the wait runs out. */
    <T> T through(Supplier<T> page) {
        if (room == null) {
            return page.get();
        }
        try {
            if (!room.tryAcquire(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new Full(limit, wait);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Full(limit, wait);
        }
        try {
            return page.get();
        } finally {
            room.release();
        }
    }

    /** No turn came within the door's wait: a 503 ({@link ErrorPages}). */
    static final class Full extends RuntimeException {
        Full(int limit, Duration wait) {
            super((limit == 1 ? "1 page is" : limit + " pages are") + " being served and this one waited " + wait.toMillis() + " ms for its turn");
        }
    }
}
