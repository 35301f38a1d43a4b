package lab.loadgen.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

/** A lab command's contract is its exit status, never the words it prints. */
class ProcessRunnerTest {

    private static ProcessRunner.Outcome run(String script, Duration limit) throws InterruptedException {
        return new ProcessRunner().run(List.of(List.of("sh", "-c", script)), limit);
    }

    @Test
    void statusZeroSucceedsWhateverItPrints() throws InterruptedException {
        ProcessRunner.Outcome o = run("echo 'no error: portal-threadpool is ready'", Duration.ofSeconds(30));
        assertTrue(o.succeeded(), o.toString());
        assertEquals(List.of(0), o.exitCodes());
    }

    @Test
    void aNonZeroStatusFailsThoughItPrintsNoError() throws InterruptedException {
        ProcessRunner.Outcome o = run("echo 'portal-threadpool did not come up'; exit 3", Duration.ofSeconds(30));
        assertFalse(o.succeeded(), o.toString());
        assertEquals(List.of(3), o.exitCodes());
    }

    @Test
    void aCommandPastItsLimitIsKilledAndFails() throws InterruptedException {
        ProcessRunner.Outcome o = run("sleep 30", Duration.ofMillis(300));
        assertTrue(o.timedOut());
        assertFalse(o.succeeded());
    }
}
