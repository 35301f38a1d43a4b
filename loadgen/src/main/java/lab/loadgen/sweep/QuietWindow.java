package lab.loadgen.sweep;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a CPU counter (the seconds some processes have used so far, read at each poll) rose by less
 * than a share of one core over the last {@code window}: the latest reading against the newest one at
 * least a window older.
 */
final class QuietWindow {

    private record Reading(long nanos, double sec) {
    }

    private final long windowNanos;
    private final double cores;
    private final List<Reading> readings = new ArrayList<>();

    QuietWindow(Duration window, double cores) {
        this.windowNanos = window.toNanos();
        this.cores = cores;
    }

    /** Adds a reading taken at {@code nanos}; whether the counter was quiet over the window that ends there (never before a whole window). */
    boolean add(long nanos, double sec) {
        readings.add(new Reading(nanos, sec));
        while (readings.size() > 2 && nanos - readings.get(1).nanos() >= windowNanos) {
            readings.removeFirst(); // the next one is a window old too
        }
        Reading first = readings.getFirst();
        long span = nanos - first.nanos();
        return span >= windowNanos && (sec - first.sec()) / (span / 1e9) < cores;
    }
}
