package lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import lab.report.results.ForkLoads;
import lab.report.results.JmhScore;
import lab.report.verdict.Claim.Status;
import org.junit.jupiter.api.Test;

/** A micro claim is decided only on scores of 3 forks or more, each fork on a quiet machine, and never on a smoke run. */
class MicroGateTest {

    /** Figure 4.3's "about 5×" on MySQL, 5× by scores each {@code made} from quiet three-fork scores. */
    private static Claim fiveTimes(UnaryOperator<JmhScore> made) {
        List<JmhScore> wan = new ArrayList<>();
        for (String engine : MicroClaims.ENGINES) {
            wan.add(made.apply(QuietForks.threeForks("session", Map.of("engine", engine, "variant", "nonblocking-unpipelined",
                    "requests", "25"), 400, 4)));
            wan.add(made.apply(QuietForks.threeForks("session", Map.of("engine", engine, "variant", "nonblocking-pipelined",
                    "requests", "25"), 80, 0.8)));
        }
        return MicroClaims.of(Map.of(), Map.of("wan", wan), List.of(), List.of()).stream()
                .filter(c -> c.source().equals("Figure 4.3, MySQL")).findFirst().orElseThrow();
    }

    @Test
    void quietThreeForksDecideAndThePageShowsTheirLoad() {
        Claim c = fiveTimes(s -> s);
        assertEquals(Status.REPRODUCED, c.status(), c.evidence());
        assertTrue(c.evidence().contains("forks' 1-minute load averages 0.800–0.800 on 2 cores (quiet: at most 2)"), c.evidence());
    }

    @Test
    void fewerThanThreeForksDecideNothing() {
        Claim c = fiveTimes(s -> new JmhScore(s.method(), s.params(), 1, 2, 2, "500 ms", 5, "500 ms", s.score(), s.error(), "ms/op", "25",
                s.rawData().subList(0, 2), QuietForks.quiet(2)));
        assertEquals(Status.INCONCLUSIVE, c.status(), c.evidence());
        assertTrue(c.evidence().contains("to decide: at least 3 forks a side"), c.evidence());
    }

    @Test
    void aLoadNotRecordedBlocks() {
        Claim c = fiveTimes(s -> s.withLoads(ForkLoads.NONE));
        assertEquals(Status.INCONCLUSIVE, c.status(), c.evidence());
        assertTrue(c.evidence().contains("to decide: the same forks with each fork's load average recorded"), c.evidence());
        Claim fewer = fiveTimes(s -> s.withLoads(new ForkLoads(List.of(0.5, 0.5), 2)));
        assertEquals(Status.INCONCLUSIVE, fewer.status(), "two loads for three forks: " + fewer.evidence());
        Claim untold = fiveTimes(s -> s.withLoads(new ForkLoads(List.of(0.5, -1.0, 0.5), 2)));
        assertTrue(untold.evidence().contains("load average recorded"), "the OS did not tell: " + untold.evidence());
    }

    @Test
    void aForkAboveTheCoresIsNotQuiet() {
        Claim busy = fiveTimes(s -> s.withLoads(new ForkLoads(List.of(0.9, 2.4, 1.1), 2)));
        assertEquals(Status.INCONCLUSIVE, busy.status(), busy.evidence());
        assertTrue(busy.evidence().contains("to decide: the same forks on a quiet machine (2 of 6 forks ended with a 1-minute "
                + "load average above the 2 cores, up to 2.40)"), busy.evidence());
        // at the cores, every runnable task could have a core
        assertEquals(Status.REPRODUCED, fiveTimes(s -> s.withLoads(new ForkLoads(List.of(2.0, 2.0, 2.0), 2))).status());
    }

    @Test
    void aSmokeRunsClaimIsUndecidedWithWhatToRun() {
        Claim decided = fiveTimes(s -> s);
        Claim smoke = Smoke.undecided(decided);
        assertEquals(Status.INCONCLUSIVE, smoke.status());
        assertTrue(smoke.evidence().endsWith(Smoke.MICRO_TO_DECIDE), smoke.evidence());
        Claim twice = Smoke.undecided(fiveTimes(s -> s.withLoads(ForkLoads.NONE)));
        assertEquals(1, twice.evidence().split("to decide: ", -1).length - 1, "one \"to decide\": " + twice.evidence());
        assertEquals(decided.label().replace("reproduced", "inconclusive"), smoke.label());
        Claim missing = new Claim("Figure 4.4", "grows", Status.NOT_MEASURED, "not run");
        assertEquals(missing, Smoke.undecided(missing), "not measured stays not measured");
        assertTrue(Smoke.is("smoke") && !Smoke.is("quick") && !Smoke.is(null));
    }

    @Test
    void thePageNotesEachForksLoad() {
        JmhScore s = QuietForks.threeForks("session", Map.of("engine", "MYSQL"), 10, 0.1).withLoads(new ForkLoads(List.of(0.4, 1.2, 2.5), 2));
        assertEquals("Each fork's 1-minute load average at its end, at the points a claim is decided on: 0.400–2.50 on 2 cores; "
                + "1 of 3 forks above 2 (not quiet: more runnable tasks than cores; no claim is decided on their scores).", MicroGate.pageNote(List.of(s)));
        assertTrue(MicroGate.pageNote(List.of(s.withLoads(ForkLoads.NONE))).contains("not recorded"));
    }
}
