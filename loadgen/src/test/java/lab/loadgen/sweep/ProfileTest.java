package lab.loadgen.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import lab.link.Link;
import lab.loadgen.config.Instance;
import lab.report.verdict.LoadClaims;
import org.junit.jupiter.api.Test;

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

    /** The thesis' own instances (make thesis sweeps these: scripts/thesis.sh); the map adds WebFlux and R2DBC. */
    private static final List<String> THESIS_PORTAL = List.of("jdbc", "threadpool", "nonblocking", "virtual", "reactive");
    private static final List<String> THESIS_SHOP = List.of("jdbc", "threadpool", "nonblocking", "virtual");

    /** Every point of the map against every instance of the lab (7 portal, 5 shop modes). */
    private static List<PlannedPoint> allInstances(Profile profile) {
        List<String> portal = new ArrayList<>(THESIS_PORTAL);
        portal.addAll(List.of("webflux", "webflux-vertx"));
        List<String> shop = new ArrayList<>(THESIS_SHOP);
        shop.add("r2dbc");
        return instances(profile, portal, shop);
    }

    private static List<PlannedPoint> instances(Profile profile, List<String> portalModes, List<String> shopModes) {
        List<PlannedPoint> plannedPoints = new ArrayList<>();
        for (String app : List.of("portal", "shop")) {
            List<String> modes = app.equals("portal") ? portalModes : shopModes;
            List<Target> targets = modes.stream().map(m -> new Target(new Instance(app + "-" + m, app, m, 0, "/h", "/m", "/"),
                    "127.0.0.1")).toList();
            plannedPoints.addAll(SweepOrder.LISTED.plannedPoints(targets, profile.plan(app), profile.tools(), 1));
        }
        return plannedPoints;
    }

    /** Planned, not measured: every instance of the lab, warm-ups, repetitions and pauses. */
    @Test
    void theMapIsPlannedWithinItsBudgetOfAtMostTwentyFiveMinutes() {
        Profile map = Profile.named("map");
        List<PlannedPoint> plannedPoints = allInstances(map);
        assertEquals(96, plannedPoints.size(), "12 instances × 2 levels × 4 round trips");
        double planned = SweepPlan.plannedSec(plannedPoints);
        System.out.printf("map: planned %.0f s, budget %d s%n", planned, map.budgetSec());
        assertTrue(planned <= map.budgetSec(), "planned " + planned + " s, the minimum rounds and the warm-ups' caps");
        assertTrue(map.budgetSec() <= 25 * 60, "added rounds stay within the budget: " + map.budgetSec());
    }

    /**
     * make thesis: the load part's budget (added rounds included) leaves the micro-benchmarks their
     * half hour of the two hours; the quick variant's, its quarter hour of thirty minutes. Both set
     * FAIR_POOL=1: the portal's thread pool once more with the fair hand-off, and its two restarts.
     */
    @Test
    void theThesisProfilesArePlannedWithinTheirBudgets() {
        Target pool = new Target(new Instance("portal-threadpool", "portal", "threadpool", 0, "/h", "/m", "/"), "127.0.0.1");
        for (String name : List.of("thesis", "thesis-quick")) {
            Profile p = Profile.named(name);
            List<PlannedPoint> plannedPoints = new ArrayList<>(instances(p, THESIS_PORTAL, THESIS_SHOP));
            List<Target> fair = new FairPass(true).targets(java.util.Map.of("portal", List.of(pool)));
            assertEquals(1, fair.size());
            plannedPoints.addAll(SweepOrder.LISTED.plannedPoints(fair, p.plan("portal"), p.tools(), 1));
            // a portal restart takes about 40 s on two busy cores
            double planned = SweepPlan.plannedSec(plannedPoints) + 2 * 60;
            System.out.printf("%s: planned %.0f s with the fair pass, budget %d s%n", name, planned, p.budgetSec());
            assertTrue(planned <= p.budgetSec(), name + ": planned " + planned + " s within " + p.budgetSec());
        }
        assertTrue(Profile.named("thesis").budgetSec() <= 90 * 60, "make thesis within 2 hours with the micro part");
        assertTrue(Profile.named("thesis-quick").budgetSec() <= 15 * 60, "make thesis-quick within 35 minutes");
    }

    /** Each figure still shows what the thesis saw: the portal around its knee near 400, the shop at 10,000. */
    @Test
    void theThesisLevelsReachThePortalsKneeAndTheShopsTop() {
        for (String name : List.of("thesis", "thesis-quick")) {
            Profile p = Profile.named(name);
            List<Integer> portal = p.plan("portal").levels();
            assertTrue(portal.contains(400) && portal.stream().anyMatch(l -> l <= 50), name + " portal " + portal);
            assertTrue(p.plan("shop").levels().contains(10_000), name + " shop " + p.plan("shop").levels());
            assertEquals(List.of(Link.LAN.rttMs(), Link.WAN.rttMs()), p.plan("portal").rttsMs(), "the portal also at wan");
            assertEquals(List.of(Link.LAN.rttMs()), p.plan("shop").rttsMs());
        }
        assertTrue(Profile.named("thesis").plan("portal").levels().stream().anyMatch(l -> l > 400), "past the knee");
    }

    @Test
    void anInstanceWarmsUpAtThePlansHighestLoadUpTo200Connections() {
        // the map's first column is at 200 connections: warmed at 50, the portal compiled again there
        assertEquals(200, Profile.named(Profile.DEFAULT).plan("portal").warmupConcurrency());
        assertEquals(200, Profile.named(Profile.DEFAULT).plan("shop").warmupConcurrency(), "1,000 capped");
        assertEquals(200, Profile.named("thesis").plan("portal").warmupConcurrency(), "past the knee: capped");
        AppPlan low = Profile.named(Profile.DEFAULT).plan("portal").withLevels(List.of(1, 8));
        assertEquals(8, low.warmupConcurrency(), "never more than the plan asks");
    }

    @Test
    void thesisRunsOnTheThesisLink() {
        Profile thesis = Profile.named("thesis");
        assertTrue(thesis.notes().stream().anyMatch(n -> n.contains("lan (" + Link.LAN.rttMs())), thesis.notes().toString());
        assertEquals(Link.LAN.rttMs(), LoadClaims.THESIS_LAN_RTT_MS, "the claims judge on the lab's lan link");
    }
}
