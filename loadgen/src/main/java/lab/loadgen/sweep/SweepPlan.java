package lab.loadgen.sweep;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import lab.loadgen.config.Instance;
import lab.report.results.ProxyHop;
import lab.report.results.Run;

/** What a sweep will run, before it runs: its points in order, their planned time, its notes, its record as it starts. */
final class SweepPlan {

    private SweepPlan() {
    }

    /** Every point's planned time plus each instance's warm-up (the fair pass warms its instance up again). */
    static double plannedSec(List<PlannedPoint> plannedPoints) {
        return warmupsSec(plannedPoints) + plannedPoints.stream().mapToDouble(PlannedPoint::plannedSec).sum();
    }

    /** Every instance's warm-up at its cap, once per instance. */
    static double warmupsSec(List<PlannedPoint> plannedPoints) {
        return plannedPoints.stream().map(s -> s.target().instance().name() + "/" + s.target().instance().mode()
                        + "|" + s.plan().warmupSec())
                .distinct().mapToDouble(k -> Double.parseDouble(k.substring(k.indexOf('|') + 1))).sum();
    }

    /** The run's points in the order they run: app by app at one link before the next, the fair pass last. */
    static List<PlannedPoint> plannedPoints(SweepConfig config, ToolPlan tools) {
        List<PlannedPoint> plannedPoints = new ArrayList<>();
        config.targets().forEach((app, targets) -> {
            AppPlan plan = config.profile().plan(app);
            plannedPoints.addAll(config.order().plannedPoints(targets, plan, tools.runOrder(), config.seed()));
            if (app.equals(SweepRunner.CEILING_APP) && tools.ceiling()) {
                Target ceiling = new Target(new Instance("portal-ceiling", SweepRunner.CEILING_APP, ToolPlan.CEILING, 0, "-", "-", "-"),
                        "127.0.0.1");
                plan.levels().forEach(level -> plannedPoints.add(new PlannedPoint(ceiling, plan, level, ToolPlan.CEILING)));
            }
        });
        if (plannedPoints.isEmpty()) {
            throw new IllegalArgumentException("nothing to sweep: no instance matches the selected app and modes");
        }
        byLink(plannedPoints);
        // the fair pass last: one restart into the fair hand-off and one back
        List<Target> fair = config.fairPass().targets(config.targets());
        if (!fair.isEmpty()) {
            plannedPoints.addAll(config.order().plannedPoints(fair, config.profile().plan(FairPass.APP), tools.runOrder(), config.seed()));
        }
        return plannedPoints;
    }

    /**
     * The link is one for the whole lab: every app's scenarios at one round trip before the next, in
     * the order the plans list them (app by app, each app went through every link: the map changed the
     * link 8 times, not 4, and the portal's cells, first, spent the added rounds before the shop's came).
     * Points without a link (the ceiling, profiles without round trips) leave the order as it is.
     */
    static void byLink(List<PlannedPoint> plannedPoints) {
        if (plannedPoints.stream().anyMatch(s -> s.rttMs() == null)) {
            return;
        }
        List<Double> links = plannedPoints.stream().map(PlannedPoint::rttMs).distinct().toList();
        plannedPoints.sort(java.util.Comparator.comparingInt(s -> links.indexOf(s.rttMs()))); // stable: apps keep their order
    }

    /** The run's notes: the tools', the caller's and the fair pass's. */
    static List<String> notes(SweepConfig config, ToolPlan tools) {
        List<String> n = new ArrayList<>(tools.notes());
        n.addAll(config.notes());
        if (config.freeze()) {
            n.add("Only the instance under load ran: while an instance was health-checked, warmed up and measured, every "
                    + "other lab instance but the dashboard was frozen (SIGSTOP natively, docker pause in compose: no CPU, "
                    + "its pools and compiled code kept), and all of them ran again after the run");
        }
        List<Target> fair = config.fairPass().targets(config.targets());
        if (!fair.isEmpty()) {
            n.add(config.fairPass().note(fair));
        }
        return n;
    }

    /** The run's record as it starts; {@code proxyHop} is measured only for a lab all on this machine. */
    static Run runInfo(SweepConfig config, ToolPlan tools, String id, Supplier<ProxyHop> proxyHop) {
        List<Target> all = config.targets().values().stream().flatMap(List::stream).toList();
        List<String> hosts = all.stream().map(Target::host).distinct().toList();
        Map<String, Object> plan = new LinkedHashMap<>();
        List<Target> fair = config.fairPass().targets(config.targets());
        config.targets().forEach((app, targets) -> plan.put(app, Map.of(
                "settings", config.profile().plan(app),
                "modes", java.util.stream.Stream.concat(targets.stream(), fair.stream().filter(t -> t.instance().app().equals(app)))
                        .map(t -> t.instance().mode()).toList())));
        plan.put("wrk2Fraction", config.wrk2Fraction());
        plan.put("plannedSec", Math.round(plannedSec(plannedPoints(config, tools))));
        plan.put("seed", config.seed());
        String started = OffsetDateTime.now(ZoneOffset.UTC).toString();
        return new Run(id, started, null, config.profile().name(), MachineFacts.collect(all, config.shared()),
                "running", config.order().name().toLowerCase(java.util.Locale.ROOT), tools.info(), plan,
                notes(config, tools), null, null, lab.link.LabLink.current(lab.link.LinkFile.runDir()).toString(),
                hosts.size() == 1 && hosts.getFirst().equals("127.0.0.1") ? proxyHop.get() : null);
    }
}
