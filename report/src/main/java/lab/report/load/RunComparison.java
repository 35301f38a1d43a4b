package lab.report.load;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import lab.report.Verdict;
import lab.report.results.Point;
import lab.report.results.Results;
import lab.report.results.Series;
import lab.report.results.ToolInfo;
import tools.jackson.databind.JsonNode;

/**
 * Two runs of one sweep side by side, typically the same smoke sweep natively and in containers
 * ({@code make compare-runtimes}): they agree when they hold the same series and points, their
 * results.json files have the same shape, and each scenario's verdict is the same, or "no clear
 * winner" (or flagged) on one side. A difference of figures is expected; a different clear winner
 * is not.
 *
 * <p>A load tool that only one side could run (oha is not in the loadgen image, say) leaves its
 * series out of the comparison, named in {@code notComparable} with the other side's reason: both
 * results.json files record which tools were available.
 *
 * @param problems      what disagrees (empty: the runs agree)
 * @param verdicts      per app and scenario: "first run's summary | second run's summary"
 * @param notComparable tools whose series only one run has, and why the other has none
 */
public record RunComparison(List<String> problems, Map<String, String> verdicts, List<String> notComparable) {

    private static final int SHOWN = 8;

    public boolean agree() {
        return problems.isEmpty();
    }

    public static RunComparison of(Results a, JsonNode jsonA, Results b, JsonNode jsonB) {
        List<String> problems = new ArrayList<>();
        List<String> notComparable = new ArrayList<>();
        Set<String> oneSided = new TreeSet<>();
        oneSided(a, b, "the first", notComparable, oneSided);
        oneSided(b, a, "the second", notComparable, oneSided);
        difference("series (app/tool/mode) only in", seriesKeys(a, oneSided), seriesKeys(b, oneSided), problems);
        difference("points (app/tool/mode c=… rtt=…) only in", pointKeys(a, oneSided), pointKeys(b, oneSided), problems);
        difference("results.json fields only in", shape(jsonA, oneSided), shape(jsonB, oneSided), problems);
        Map<String, String> verdicts = new LinkedHashMap<>();
        Map<String, Verdict> other = verdicts(b);
        verdicts(a).forEach((scenario, va) -> {
            Verdict vb = other.get(scenario);
            if (vb == null) {
                return; // already a missing point
            }
            verdicts.put(scenario, va.summary() + " | " + vb.summary());
            if (va.clear() && vb.clear() && !va.winner().equals(vb.winner())) {
                problems.add(scenario + ": " + va.winner() + " wins in one run, " + vb.winner() + " in the other");
            }
        });
        return new RunComparison(problems, verdicts, notComparable);
    }

    /** Tools with series in {@code r} that {@code other} could not run (its tools say so): left out, with the reason. */
    private static void oneSided(Results r, Results other, String which, List<String> notes, Set<String> tools) {
        Map<String, ToolInfo> theirs = other.run().tools() == null ? Map.of() : other.run().tools();
        r.series().stream().map(Series::tool).distinct().forEach(tool -> {
            boolean theyHaveIt = other.series().stream().anyMatch(s -> s.tool().equals(tool));
            ToolInfo info = theirs.get(tool);
            if (!theyHaveIt && (info == null || !info.available())) {
                tools.add(tool);
                notes.add(tool + ": measured only in " + which + " run (the other: "
                        + (info == null ? "not installed" : info.reason()) + ")");
            }
        });
    }

    private static Map<String, Verdict> verdicts(Results r) {
        Map<String, Verdict> out = new TreeMap<>();
        for (AppVerdict app : AppVerdict.of(r)) {
            for (AppVerdict.Row row : app.rows()) {
                out.put(app.app() + " " + row.label(), row.verdict());
            }
        }
        return out;
    }

    private static Set<String> seriesKeys(Results r, Set<String> leftOut) {
        return r.series().stream().filter(s -> !leftOut.contains(s.tool())).map(s -> s.app() + "/" + s.tool() + "/" + s.mode()).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> pointKeys(Results r, Set<String> leftOut) {
        Set<String> keys = new TreeSet<>();
        r.series().stream().filter(s -> !leftOut.contains(s.tool())).forEach(s -> {
            for (Point p : s.points()) {
                keys.add(s.app() + "/" + s.tool() + "/" + s.mode() + " c=" + p.concurrency() + " rtt=" + p.rttMs());
            }
        });
        return keys;
    }

    /**
     * Every field path of the file, array elements merged ({@code series[].points[].flags}), the
     * tools map by its entries' fields ({@code run.tools.*.available}), the series of left-out
     * tools left out.
     */
    static Set<String> shape(JsonNode json, Set<String> leftOut) {
        Set<String> paths = new TreeSet<>();
        collect(json, "", leftOut, paths);
        return paths;
    }

    private static void collect(JsonNode node, String path, Set<String> leftOut, Set<String> paths) {
        if (node.isObject()) {
            if (path.equals("series[]") && leftOut.contains(node.path("tool").asString(""))) {
                return;
            }
            Iterator<Map.Entry<String, JsonNode>> fields = node.properties().iterator();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                String p = path.equals("run.tools") ? path + ".*" : path.isEmpty() ? f.getKey() : path + "." + f.getKey();
                paths.add(p);
                collect(f.getValue(), p, leftOut, paths);
            }
        } else if (node.isArray()) {
            node.forEach(element -> collect(element, path + "[]", leftOut, paths));
        }
    }

    private static void difference(String what, Set<String> a, Set<String> b, List<String> problems) {
        onlyIn(what + " the first run", a, b, problems);
        onlyIn(what + " the second run", b, a, problems);
    }

    private static void onlyIn(String what, Set<String> mine, Set<String> theirs, List<String> problems) {
        List<String> only = mine.stream().filter(k -> !theirs.contains(k)).toList();
        if (!only.isEmpty()) {
            problems.add(what + " (" + only.size() + "): " + String.join(", ", only.subList(0, Math.min(SHOWN, only.size())))
                    + (only.size() > SHOWN ? ", …" : ""));
        }
    }
}
