package lab.loadgen.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import lab.loadgen.config.Instance;

/** The order of points: RTT outermost in PROFILE=latency (the link is one for the lab), open-loop tools only at their levels. */
class SweepOrderTest {

    static Target target(String mode) {
        return new Target(new Instance("portal-" + mode, "portal", mode, 8081, "/h", "/m", "/"), "127.0.0.1");
    }

    @Test
    void latencyProfileSweepsEveryModeAtOneRttBeforeTheNext() {
        AppPlan plan = Profile.named("latency").plan("portal").withRtts(List.of(0.0, 78.0));
        List<PlannedPoint> plannedPoints = SweepOrder.LISTED.plannedPoints(List.of(target("jdbc"), target("nonblocking")), plan, List.of("wrk"), 1);
        assertEquals(List.of("portal-jdbc-rtt0-c00200-wrk", "portal-nonblocking-rtt0-c00200-wrk",
                "portal-jdbc-rtt78-c00200-wrk", "portal-nonblocking-rtt78-c00200-wrk"),
                plannedPoints.stream().map(PlannedPoint::label).toList());
    }

    @Test
    void theMapSweepsEveryAppAtOneRttBeforeTheNext() {
        Target shop = new Target(new Instance("shop-jdbc", "shop", "jdbc", 9081, "/h", "/m", "/"), "127.0.0.1");
        List<PlannedPoint> plannedPoints = new java.util.ArrayList<>();
        plannedPoints.addAll(SweepOrder.LISTED.plannedPoints(List.of(target("jdbc")),
                Profile.named("map").plan("portal").withRtts(List.of(0.0, 78.0)), List.of("wrk"), 1));
        plannedPoints.addAll(SweepOrder.LISTED.plannedPoints(List.of(shop),
                Profile.named("map").plan("shop").withRtts(List.of(0.0, 78.0)), List.of("wrk"), 1));
        SweepPlan.byLink(plannedPoints);
        assertEquals(List.of("portal-jdbc-rtt0-c00020-wrk", "portal-jdbc-rtt0-c00200-wrk", "shop-jdbc-rtt0-c00050-wrk",
                "shop-jdbc-rtt0-c01000-wrk", "portal-jdbc-rtt78-c00020-wrk", "portal-jdbc-rtt78-c00200-wrk",
                "shop-jdbc-rtt78-c00050-wrk", "shop-jdbc-rtt78-c01000-wrk"), plannedPoints.stream().map(PlannedPoint::label).toList());
    }

    @Test
    void quickProfileRunsTheFixedRateToolAtTheLowLevelOnly() {
        AppPlan plan = Profile.named("quick").plan("portal");
        List<PlannedPoint> plannedPoints = SweepOrder.LISTED.plannedPoints(List.of(target("jdbc")), plan, List.of("wrk", "oha"), 1);
        assertEquals(List.of("portal-jdbc-c00025-wrk", "portal-jdbc-c00025-oha", "portal-jdbc-c00500-wrk"),
                plannedPoints.stream().map(PlannedPoint::label).toList());
        assertEquals(3, plan.repetitions());
        assertEquals(10, plan.durationSec());
    }
}
