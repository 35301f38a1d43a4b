package lab.loadgen.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lab.report.results.ToolInfo;
import lab.loadgen.tool.Executable;
import lab.loadgen.tool.LoadTool;

/** Which requested tools can run, which cannot and why, and what each measures (for results.json and the report). */
final class ToolPlan {

    static final String WRK = "wrk";
    static final String WRK2 = "wrk2";
    static final String HTTPERF = "httperf";
    static final String OHA = "oha";
    static final String CEILING = "ceiling";

    /** The fixed-rate (open-loop) tools: their rate is a fraction of wrk's peak at the same point. */
    static boolean isOpenLoop(String tool) {
        return tool.equals(WRK2) || tool.equals(OHA);
    }

    private static final Map<String, List<String>> MEASURES = Map.of(
            HTTPERF, List.of("requestsPerSec", "meanReplyMs", "errors"),
            WRK, List.of("requestsPerSec", "meanReplyMs", "p50Ms", "p75Ms", "p90Ms", "p99Ms", "errors"),
            WRK2, List.of("requestsPerSec", "meanReplyMs", "p50Ms", "p75Ms", "p90Ms", "p99Ms", "p999Ms", "errors"),
            OHA, List.of("requestsPerSec", "meanReplyMs", "p50Ms", "p75Ms", "p90Ms", "p99Ms", "p999Ms", "errors"),
            CEILING, List.of("requestsPerSec", "meanReplyMs", "errors"));

    /** What a run lacks without the tool. */
    private static final Map<String, String> ONLY_BY = Map.of(
            HTTPERF, "the thesis method (httperf, N calls per connection)",
            WRK, "the closed-loop peak (and wrk2, whose rate derives from it)",
            WRK2, "open-loop latency corrected for coordinated omission (p50/p90/p99/p99.9 at a fixed rate)",
            OHA, "open-loop latency corrected for coordinated omission (p50/p90/p99/p99.9 at a fixed rate)",
            CEILING, "the database ceiling of the portal page (its 12 queries with no HTTP)");

    private final Map<String, LoadTool> usable = new LinkedHashMap<>();
    private final Map<String, ToolInfo> info = new LinkedHashMap<>();
    private final List<String> notes = new ArrayList<>();

    ToolPlan(Map<String, LoadTool> requested) {
        for (LoadTool t : requested.values()) {
            Executable e = t.executable();
            String reason = e.available() ? null : e.missingReason();
            if (reason == null && isOpenLoop(t.name()) && !requested.containsKey(WRK)) {
                reason = t.name() + "'s rate is a fraction of wrk's peak, and wrk was not selected";
            }
            if (reason == null && isOpenLoop(t.name()) && !requested.get(WRK).executable().available()) {
                reason = t.name() + "'s rate is a fraction of wrk's peak, and wrk is missing";
            }
            if (reason == null) {
                usable.put(t.name(), t);
            } else {
                notes.add(t.name() + " not run: " + reason + "; this run has no " + t.name() + " series, so "
                        + ONLY_BY.get(t.name()) + " is null (—)");
            }
            info.put(t.name(), new ToolInfo(e.available(), reason == null,
                    e.path() == null ? null : e.path().toString(), e.version(), reason, MEASURES.get(t.name())));
        }
        if (usable.isEmpty()) {
            throw new IllegalStateException("no load tool can run: " + String.join("; ", notes));
        }
    }

    /** Usable tools in the order they run at each level: wrk (the peak), then wrk2/oha (a fraction of it), then httperf. */
    List<String> runOrder() {
        return List.of(WRK, WRK2, OHA, HTTPERF).stream().filter(usable::containsKey).toList();
    }

    /** Whether the portal's ceiling series runs (it is per app, not per instance). */
    boolean ceiling() {
        return usable.containsKey(CEILING);
    }

    /** A note on the page (e.g. why a tool was left out of the profile). */
    void note(String text) {
        notes.add(text);
    }

    LoadTool tool(String name) {
        return usable.get(name);
    }

    Map<String, ToolInfo> info() {
        return info;
    }

    List<String> notes() {
        return notes;
    }
}
