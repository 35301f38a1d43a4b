package lab.loadgen.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import lab.report.results.Interference;
import lab.report.results.Point;
import lab.report.results.Results;
import lab.report.results.Series;
import lab.report.results.ToolInfo;

/**
 * What the end-to-end scripts hold a smoke run to: every portal and shop mode asked has points with
 * a positive rate, no errors and no failed panels; optionally the open-loop tool ran, every point's
 * CPU told the instance apart from the rest.
 *
 * @param modes         app → the modes that must be in the run
 * @param openLoopTool  the tool that must have run and given points (null: none asked)
 * @param cpuToldApart  every point's {@link Interference#instanceCpuPct()} measured, with no "unmeasured" detail
 */
public record RunCheck(Map<String, Set<String>> modes, String openLoopTool, boolean cpuToldApart) {

    /** The lines to print (a few facts, then one per problem) and the problems. */
    public record Outcome(List<String> lines, List<String> problems) {
        public boolean ok() {
            return problems.isEmpty();
        }
    }

    public Outcome check(Results results) {
        List<String> lines = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Set<String> seen = new TreeSet<>();
        int points = 0;
        for (Series s : results.series()) {
            String key = s.app() + " " + s.mode();
            if (s.points().isEmpty()) {
                problems.add(key + ": no points");
            }
            for (Point p : s.points()) {
                seen.add(key);
                points++;
                String at = key + " @ " + p.concurrency();
                if (p.requestsPerSec() == null || p.requestsPerSec() <= 0) {
                    problems.add(at + ": requestsPerSec=" + p.requestsPerSec());
                }
                if (p.errors() != null && p.errors() > 0) {
                    problems.add(at + ": errors=" + p.errors());
                }
                if (p.failedPanels() != null && p.failedPanels() > 0) {
                    problems.add(at + ": " + p.failedPanels() + " pages with a failed panel");
                }
                Interference cpu = p.interference();
                if (cpuToldApart && (cpu == null || cpu.instanceCpuPct() == null || cpu.detail() != null)) {
                    problems.add(at + ": the instance's CPU not told apart: " + (cpu == null ? "no accounting" : cpu.detail()));
                }
            }
        }
        modes.forEach((app, wanted) -> wanted.stream().map(m -> app + " " + m)
                .filter(k -> !seen.contains(k)).forEach(k -> problems.add(k + ": missing from the run")));
        if (openLoopTool != null) {
            ToolInfo tool = results.run().tools() == null ? null : results.run().tools().get(openLoopTool);
            if (tool == null || !tool.used()) {
                problems.add(openLoopTool + " did not run: " + (tool == null || tool.reason() == null ? "not in the run" : tool.reason()));
            } else if (results.series().stream().noneMatch(s -> openLoopTool.equals(s.tool()) && !s.points().isEmpty())) {
                problems.add(openLoopTool + " ran but has no points");
            }
        }
        lines.add(seen.size() + " instances, " + points + " points, " + problems.size() + " problems");
        return new Outcome(lines, problems);
    }
}
