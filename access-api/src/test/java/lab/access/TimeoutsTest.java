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
    void aStageThatCompletesInTimeKeepsItsValueAndItsLimitLeavesTheTimer() throws Exception {
        long before = Timeouts.pending();
        List<CompletableFuture<Integer>> stages = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            stages.add(Timeouts.within(new CompletableFuture<>(), 60_000));
        }
        assertEquals(before + 10_000, Timeouts.pending());
        for (int i = 0; i < stages.size(); i++) {
            stages.get(i).complete(i);
        }
        // a cancelled limit leaves at the wheel's next tick
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (Timeouts.pending() > before && System.nanoTime() < deadline) {
            Thread.sleep(Timeouts.TICK_MS);
        }
        assertEquals(before, Timeouts.pending(), "cancelled limits still queued");
        assertEquals(9_999, stages.get(9_999).join());
    }

    /**
     * The reason for this class: setting and cancelling limits wakes the timer's thread once a tick
     * at most, not once a limit. The JDK 25's orTimeout woke its scheduler thread 15,500 times for
     * 10,000 limits set and cancelled 20 µs apart (the pauses stand for the time between calls under
     * load); a ScheduledThreadPoolExecutor woke it once per limit when each was the earliest (a
     * session's queries in order, one page alone).
     */
    @Test
    void limitsSetAndCancelledWakeTheTimerOnceATickAtMost() throws Exception {
        CompletableFuture<Void> first = Timeouts.within(new CompletableFuture<>(), 60_000); // one pending throughout
        Path timer = timerThread();
        assumeTrue(timer != null, "no /proc task status for the timer's thread on this system");
        for (boolean oneAtATime : new boolean[] {true, false}) {
            List<CompletableFuture<Integer>> held = new ArrayList<>();
            long switchesBefore = voluntarySwitches(timer);
            long start = System.nanoTime();
            for (int i = 0; i < 10_000; i++) {
                CompletableFuture<Integer> stage = Timeouts.within(new CompletableFuture<>(), 5_000 + i);
                if (oneAtATime) {
                    stage.complete(i);
                } else {
                    held.add(stage); // cancelled in bursts of 100, as a page's limits are
                    if (held.size() == 100) {
                        held.forEach(s -> s.complete(0));
                        held.clear();
                    }
                }
                LockSupport.parkNanos(20_000);
            }
            long woken = voluntarySwitches(timer) - switchesBefore;
            long ticks = (System.nanoTime() - start) / 1_000_000 / Timeouts.TICK_MS;
            assertTrue(woken <= ticks + 20, "the timer's thread was woken " + woken + " times for 10,000 limits in "
                    + ticks + " ticks" + (oneAtATime ? ", one at a time" : ", in bursts"));
        }
        first.complete(null);
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
