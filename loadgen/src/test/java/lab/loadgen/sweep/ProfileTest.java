package lab.loadgen.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import lab.link.Link;
import lab.loadgen.config.Instance;
import lab.report.load.LoadClaims;

/** The profiles' shapes: the map answers across load × round trip within its budget; thesis runs on the thesis' link. */
class ProfileTest {

    @Test
    void theDefaultMapCoversTwoLevelsAndThreeRoundTripsPerAppWithThreeRepetitions() {
        Profile map = Profile.named(Profile.DEFAULT);
        assertEquals("map", map.name());
        for (String app : List.of("portal", "shop")) {
            AppPlan p = map.plan(app);
            assertTrue(p.levels().size() >= 2, app + " levels " + p.levels());
            assertTrue(p.rttsMs().size() >= 3, app + " RTTs " + p.rttsMs());
            assertTrue(p.rttsMs().contains(0.0) && p.rttsMs().contains(Link.LAN.rttMs()), p.rttsMs().toString());
            assertTrue(p.rttsMs().stream().anyMatch(r -> r == 20.0 || r == 78.0), p.rttsMs().toString());
            assertTrue(p.repetitions() >= 3);
        }
    }

    /** Planned, not measured: every instance of the lab (5 portal, 4 shop modes), warm-ups, repetitions and pauses. */
    @Test
    void theMapIsPlannedWithinItsBudgetOfAtMostTwentyFiveMinutes() {
        Profile map = Profile.named("map");
        List<Step> steps = new ArrayList<>();
        int port = 8081;
        for (String app : List.of("portal", "shop")) {
            List<String> modes = app.equals("portal") ? List.of("jdbc", "threadpool", "nonblocking", "virtual", "reactive")
                    : List.of("jdbc", "threadpool", "nonblocking", "virtual");
            List<Target> targets = modes.stream().map(m -> new Target(new Instance(app + "-" + m, app, m, 0, "/h", "/m", "/"),
                    "127.0.0.1")).toList();
            steps.addAll(SweepOrder.LISTED.steps(targets, map.plan(app), map.tools(), 1));
        }
        assertEquals(72, steps.size(), "9 instances × 2 levels × 4 round trips");
        double planned = SweepRunner.plannedSec(steps);
        assertTrue(planned <= map.budgetSec(), "planned " + planned + " s, the minimum rounds and the warm-ups' caps");
        assertTrue(map.budgetSec() <= 25 * 60, "added rounds stay within the budget: " + map.budgetSec());
    }

    @Test
    void thesisRunsOnTheThesisLink() {
        Profile thesis = Profile.named("thesis");
        assertEquals(List.of(Link.LAN.rttMs()), thesis.plan("portal").rttsMs());
        assertEquals(List.of(Link.LAN.rttMs()), thesis.plan("shop").rttsMs());
        assertTrue(thesis.notes().stream().anyMatch(n -> n.contains("LINK=lan")), thesis.notes().toString());
        assertEquals(Link.LAN.rttMs(), LoadClaims.THESIS_LAN_RTT_MS, "the claims judge on the lab's lan link");
    }
}
