package lab.loadgen.verify;

import java.util.ArrayList;
import java.util.List;

import lab.report.results.Point;
import lab.report.results.Results;
import lab.report.results.Series;

/**
 * A run that switched the link between 0 ms and {@code linkMs} ({@code make e2e-swarm NODES=3}'s
 * small map from the load host): each series has a page median at both, and the link reached it.
 */
public record LinkCheck(double linkMs) {

    public RunCheck.Outcome check(Results results) {
        List<String> lines = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        results.series().forEach(s -> check(s, lines, problems));
        lines.add(results.series().size() + " series, " + problems.size() + " problems");
        return new RunCheck.Outcome(lines, problems);
    }

    /**
     * Physics, not timing: a page at the link waits at least most of one round trip and is slower than
     * at 0 ms, and both the instance's own gauge and loadgen's probe read most of the link. ("Slower by
     * a whole round trip than at 0 ms" failed when the 0 ms page queued for the CPU: nonblocking
     * 12.98 ms at 0, 27.39 ms at 20, gauge 21.18 ms.)
     */
    private void check(Series s, List<String> lines, List<String> problems) {
        Point lo = at(s, 0.0);
        Point hi = at(s, linkMs);
        for (Point p : new Point[] {lo, hi}) {
            if (p != null) {
                lines.add(String.format("  %-20s asked %4s ms: page p50 %s ms, the instance's link gauge %s ms, loadgen's probe %s ms",
                        s.instance(), fmt(p.rttMs()), fmt(p.p50Ms()), fmt(p.queue() == null ? null : p.queue().instanceRttMs()),
                        fmt(p.rttMeasuredMs())));
            }
        }
        double most = 0.75 * linkMs;
        if (lo == null || hi == null || lo.p50Ms() == null || hi.p50Ms() == null) {
            problems.add(s.instance() + ": no page medians at 0 and " + fmt(linkMs) + " ms");
            return;
        }
        Double gauge = hi.queue() == null ? null : hi.queue().instanceRttMs();
        if (hi.p50Ms() < 0.9 * linkMs || hi.p50Ms() <= lo.p50Ms() || gauge == null || gauge < most) {
            problems.add(s.instance() + ": the page at " + fmt(linkMs) + " ms took less than a round trip, or the instance did not see the link");
        }
        if (hi.rttMeasuredMs() == null || hi.rttMeasuredMs() < most) {
            problems.add(s.instance() + ": loadgen's probe through a proxy did not measure the " + fmt(linkMs)
                    + " ms round trip (the passwords' secrets?)");
        }
    }

    private static Point at(Series s, double rtt) {
        return s.points().stream().filter(p -> p.rttMs() != null && p.rttMs() == rtt).findFirst().orElse(null);
    }

    private static String fmt(Double v) {
        return v == null ? "none" : String.format("%.2f", v).replaceAll("\\.00$", "");
    }
}
