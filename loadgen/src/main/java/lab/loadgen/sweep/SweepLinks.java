package lab.loadgen.sweep;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lab.report.results.ProxyHop;
import lab.report.results.Run;

/**
 * The lab's one link, as a sweep moves it between scenarios and measures it beside the points: the
 * round trip put in force (and its calibration recorded), put back after the run, and probed at rest
 * through each instance's proxy.
 */
final class SweepLinks {

    private final LinkControl link;
    private final LinkProbe probe;
    private final PrintStream out;
    /** Why the last switch failed (the points at that link then record it), or null. */
    private String error;

    SweepLinks(LinkControl link, LinkProbe probe, PrintStream out) {
        this.link = link;
        this.probe = probe;
        this.out = out;
    }

    String error() {
        return error;
    }

    /** The proxy hop through the first measured instance's first proxy, before any load (null without proxies). */
    ProxyHop proxyHop(Map<String, List<Target>> targets) {
        return targets.values().stream().flatMap(List::stream).findFirst()
                .flatMap(t -> probe.hop(t.instance().name())).orElse(null);
    }

    /**
     * The link's round trip through the point's instance's proxy (none without proxies); the caller
     * asks only when the instances are at rest: through a busy instance's proxy it would read its backlog.
     */
    List<Double> probe(PlannedPoint planned) {
        List<Double> ms = new ArrayList<>();
        if (!planned.tool().equals(ToolPlan.CEILING)) {
            probe.measure(planned.target().instance().name()).ifPresent(ms::add);
        }
        return ms;
    }

    /** Why a point has no round trip at rest ({@code rttMeasuredMs}); null for the ceiling, which has no link. */
    static String whyNoProbe(PlannedPoint planned) {
        return planned.tool().equals(ToolPlan.CEILING) ? null
                : "no probe at rest: the instance was not seen idle before its first repetition nor after its last, "
                + "or its proxy's probe failed (or it has no proxy)";
    }

    /** The link back to the one in force before the run. */
    void restore(lab.link.Link before) {
        try {
            link.setRttMs(before.rttMs());
            out.printf("link: back to %s, as before the run%n", before);
        } catch (Exception e) {
            out.printf("warning: could not put the link back to %s (%s): 'make link LINK=%s'%n", before, e.getMessage(), before.name());
        }
    }

    /**
     * Puts the point's RTT in force and records what its calibration measured, if any; returns it, or
     * null when that failed (the points then record why).
     */
    Double switchTo(PlannedPoint planned, Progress progress, RunRecorder recorder) {
        try {
            link.setRttMs(planned.rttMs());
            error = null;
            Map<String, Double> calibrated = link.calibrated();
            if (!calibrated.isEmpty()) {
                recorder.linkCalibration(new Run.LinkCalibrated(planned.rttMs(), calibrated));
            }
            progress.info(String.format(java.util.Locale.ROOT, "link: RTT %s ms in force", planned.rttMs()));
            return planned.rttMs();
        } catch (Exception e) {
            error = "could not set the link to " + planned.rttMs() + " ms RTT: " + e.getMessage();
            progress.info(error);
            return null;
        }
    }
}
