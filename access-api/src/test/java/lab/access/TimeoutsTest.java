package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class TimeoutsTest {

    @Test
    void aStageThatDoesNotCompleteFailsWithATimeoutNoSoonerThanItsLimit() {
        long start = System.nanoTime();
        CompletableFuture<String> stage = Timeouts.within(new CompletableFuture<>(), 150);
        CompletionException e = org.junit.jupiter.api.Assertions.assertThrows(CompletionException.class, stage::join);
        assertInstanceOf(TimeoutException.class, e.getCause());
        assertTrue((System.nanoTime() - start) / 1_000_000 >= 150, "failed before its limit");
    }

    @Test
    void aStageThatCompletesInTimeKeepsItsValueAndItsLimitLeavesTheTimer() {
        int before = Timeouts.pending();
        List<CompletableFuture<Integer>> stages = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            stages.add(Timeouts.within(new CompletableFuture<>(), 60_000));
        }
        assertEquals(before + 10_000, Timeouts.pending());
        for (int i = 0; i < stages.size(); i++) {
            stages.get(i).complete(i);
        }
        assertEquals(before, Timeouts.pending(), "cancelled limits still queued");
        assertEquals(9_999, stages.get(9_999).join());
    }

    /**
     * The reason for this class: limits set behind the earliest one, then cancelled, do not wake the
     * timer's thread. The JDK 25's orTimeout woke its scheduler thread 15,500 times in the same loop
     * (1,400 times without the pauses, which stand for the time between calls under load).
     */
    @Test
    void limitsSetAndCancelledUnderLoadDoNotWakeTheTimer() throws Exception {
        CompletableFuture<Void> first = Timeouts.within(new CompletableFuture<>(), 60_000); // the earliest, pending throughout
        Path timer = timerThread();
        assumeTrue(timer != null, "no /proc task status for the timer's thread on this system");
        long switchesBefore = voluntarySwitches(timer);
        for (int i = 0; i < 10_000; i++) {
            CompletableFuture<Integer> stage = Timeouts.within(new CompletableFuture<>(), 60_001 + i);
            stage.complete(i);
            LockSupport.parkNanos(20_000);
        }
        long woken = voluntarySwitches(timer) - switchesBefore;
        first.complete(null);
        assertTrue(woken < 100, "the timer's thread was woken " + woken + " times for 10,000 limits");
    }

    /**
     * One call at a time (a session's queries in order, one page alone): each limit is cancelled before
     * the next is set, so none is pending when the next comes. Without the timer's standing tick,
     * every limit was the earliest and woke the timer's thread: 10,000 times here, one futex wake-up
     * per query for a jdbc session.
     */
    @Test
    void limitsSetAndCancelledOneAtATimeDoNotWakeTheTimer() throws Exception {
        Timeouts.within(new CompletableFuture<>(), 1).exceptionally(e -> null).join(); // the timer's thread exists
        Path timer = timerThread();
        assumeTrue(timer != null, "no /proc task status for the timer's thread on this system");
        long switchesBefore = voluntarySwitches(timer);
        for (int i = 0; i < 10_000; i++) {
            CompletableFuture<Integer> stage = Timeouts.within(new CompletableFuture<>(), 5_000);
            stage.complete(i);
            LockSupport.parkNanos(20_000);
        }
        long woken = voluntarySwitches(timer) - switchesBefore;
        assertTrue(woken < 100, "the timer's thread was woken " + woken + " times for 10,000 limits");
    }

    private static Path timerThread() throws IOException {
        Path tasks = Path.of("/proc/self/task");
        if (!Files.isDirectory(tasks)) {
            return null;
        }
        try (Stream<Path> all = Files.list(tasks)) {
            return all.filter(t -> {
                try {
                    return Files.readString(t.resolve("comm")).strip().equals("lab-timeouts");
                } catch (IOException e) {
                    return false;
                }
            }).findFirst().orElse(null);
        }
    }

    private static long voluntarySwitches(Path task) throws IOException {
        return Files.readAllLines(task.resolve("status")).stream().filter(l -> l.startsWith("voluntary_ctxt_switches:"))
                .mapToLong(l -> Long.parseLong(l.split("\\s+")[1])).findFirst().orElseThrow();
    }
}
