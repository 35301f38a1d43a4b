package lab.microbench.experiment;

import java.util.Locale;

/** One line per finished configuration, so that a long run shows where it is. */
final class Progress {

    private Progress() {
    }

    static void done(String what, long startNanos) {
        System.out.printf(Locale.ROOT, "[microbench]   %-50s %8.2f s%n", what, (System.nanoTime() - startNanos) / 1e9);
    }
}
