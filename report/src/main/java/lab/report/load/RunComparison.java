package lab.report.load;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import lab.access.Mode;
import lab.report.results.Point;
import lab.report.results.Results;
import lab.report.results.Series;
import lab.report.results.ToolInfo;
import lab.report.verdict.AppVerdict;
import lab.report.verdict.Verdict;
import tools.jackson.databind.JsonNode;

/**
 * Two runs of one sweep side by side, typically the same smoke sweep natively and in containers
 * ({@code make compare-runtimes}): they agree when they measured the same lab (CPU caps, database
 * servers and their key settings, heaps: {@link #settings}) and hold the same series and points, their
 * results.json files have the same shape, and each scenario's verdict is the same, or "no clear
 * winner" (or flagged) on one side. A difference of figures is expected; a different clear winner
 * is not.
 *
 * <p>A load tool that only one side could run (oha is not in the loadgen image, say) leaves its
 * series out of the comparison, named in {@code notComparable} with the other side's reason: both
 * results.json files record which tools were available. So does the fair pass ({@code make loadtest
 * FAIR_POOL=1}, a verb of the native lab that {@code make e2e} runs): its {@code threadpool-fair}
 * series, when only one run has it, is named there too and not compared.
 *
 * @param problems      what disagrees (empty: the runs agree)
 * @param verdicts      per app and scenario: "first run's summary | second run's summary"
 * @param notComparable tools whose series only one run has, and why the other has none; figures
 *                      null (not measured) on one side, whose fields are then not compared
 * @param maps          per app with a map, how many goodput cells name the same winners in both runs,
 *                      which differ, and which are opposite (a problem: blocking in one run and
 *                      asynchronous in the other, or two asynchronous answers with no winner in common)
 */
public record RunComparison(List<String> problems, Map<String, String> verdicts, List<String> notComparable,
                            List<String> maps) {

    private static final int SHOWN = 8;

    public boolean agree() {
        return problems.isEmpty();
    }

    public static RunComparison of(Results a, JsonNode jsonA, Results b, JsonNode jsonB) {
        List<String> problems = new ArrayList<>();
        settings(a.run().machine(), b.run().machine(), problems);
        List<String> notComparable = new ArrayList<>();
        Set<String> oneSided = new TreeSet<>();
        oneSided(a, b, "the first", notComparable, oneSided);
        oneSided(b, a, "the second", notComparable, oneSided);
        fairPass(a, b, notComparable, oneSided);
        difference("series (app/tool/mode) only in", seriesKeys(a, oneSided), seriesKeys(b, oneSided), problems);
        difference("points (app/tool/mode c=… rtt=…) only in", pointKeys(a, oneSided), pointKeys(b, oneSided), problems);
        Shape shapeA = shape(jsonA, oneSided);
        Shape shapeB = shape(jsonB, oneSided);
        difference("results.json fields only in", shapeA.comparedWith(shapeB, "second", notComparable),
                shapeB.comparedWith(shapeA, "first", notComparable), problems);
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
        return new RunComparison(problems, verdicts, notComparable, maps(a, b, problems));
    }

    /** The two runs' maps cell by cell (goodput): same winners, different, or opposite. */
    static List<String> maps(Results a, Results b, List<String> problems) {
        List<String> out = new ArrayList<>();
        Map<String, AnswerMap> other = new LinkedHashMap<>();
        AnswerMap.of(b).forEach(m -> other.put(m.app(), m));
        for (AnswerMap ma : AnswerMap.of(a)) {
            AnswerMap mb = other.get(ma.app());
            if (mb == null) {
                continue;
            }
            int cells = 0;
            int same = 0;
            List<String> differ = new ArrayList<>();
            for (int level : ma.levels()) {
                for (double rtt : ma.rtts()) {
                    AnswerMap.Cell ca = ma.at("goodput", level, rtt).orElse(null);
                    AnswerMap.Cell cb = mb.at("goodput", level, rtt).orElse(null);
                    if (ca == null || cb == null) {
                        continue;
                    }
                    cells++;
                    String where = String.format(java.util.Locale.ROOT, "%s at %d connections and %s: %s | %s", ma.app(),
                            level, Sentence.rtt(rtt), answer(ca), answer(cb));
                    if (java.util.Objects.equals(winners(ca), winners(cb))) {
                        same++;
                    } else if (ca.answer() != null && cb.answer() != null
                            && (!ca.answer().equals(cb.answer()) || java.util.Collections.disjoint(winners(ca), winners(cb)))) {
                        problems.add("opposite answers, " + where);
                    } else {
                        differ.add(where);
                    }
                }
            }
            out.add(String.format(java.util.Locale.ROOT, "%s: %d of %d cells name the same winners (%.0f %%)%s",
                    ma.app(), same, cells, cells == 0 ? 0.0 : same * 100.0 / cells,
                    differ.isEmpty() ? "" : "; differ: " + String.join("; ", differ)));
        }
        return out;
    }

    private static Set<String> winners(AnswerMap.Cell c) {
        return c.winner() == null ? Set.of() : new TreeSet<>(List.of(c.winner().split(" ≈ ")));
    }

    private static String answer(AnswerMap.Cell c) {
        return c.winner() != null ? c.winner() + " (" + c.answer() + ")" : "grey";
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

    /** The fair pass in one run only: an extra pass of its own, left out as "tool/mode" keys. */
    private static void fairPass(Results a, Results b, List<String> notes, Set<String> leftOut) {
        boolean inA = a.series().stream().anyMatch(s -> s.mode().equals(Mode.THREADPOOL_FAIR));
        boolean inB = b.series().stream().anyMatch(s -> s.mode().equals(Mode.THREADPOOL_FAIR));
        if (inA != inB) {
            (inA ? a : b).series().stream().filter(s -> s.mode().equals(Mode.THREADPOOL_FAIR))
                    .forEach(s -> leftOut.add(s.tool() + "/" + s.mode()));
            notes.add(Mode.THREADPOOL_FAIR + ": the fair pass ran only in the " + (inA ? "first" : "second")
                    + " run (make loadtest FAIR_POOL=1, on a native lab)");
        }
    }

    private static boolean leftOut(Series s, Set<String> leftOut) {
        return leftOut.contains(s.tool()) || leftOut.contains(s.tool() + "/" + s.mode());
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
        return r.series().stream().filter(s -> !leftOut(s, leftOut)).map(s -> s.app() + "/" + s.tool() + "/" + s.mode()).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> pointKeys(Results r, Set<String> leftOut) {
        Set<String> keys = new TreeSet<>();
        r.series().stream().filter(s -> !leftOut(s, leftOut)).forEach(s -> {
            for (Point p : s.points()) {
                keys.add(s.app() + "/" + s.tool() + "/" + s.mode() + " c=" + p.concurrency() + " rtt=" + p.rttMs());
            }
        });
        return keys;
    }

    /** The JSON paths of results.json whose objects are maps (keys are data: tools, sources, status codes), from the records. */
    private static final Set<String> MAP_PATHS = mapPaths(Results.class, "", new TreeSet<>(), 0);

    /**
     * A file's shape: every field path, array elements merged ({@code series[].points[].flags}),
     * a map's keys as {@code *} ({@code run.tools.*.available}), the series of left-out tools left
     * out; and the paths whose value is null (not measured).
     */
    record Shape(Set<String> fields, Set<String> nulls) {
        /**
         * The fields, less those under a path that is null in {@code other}, or under a map that is
         * empty there: not measured on that side (named in notes once).
         */
        Set<String> comparedWith(Shape other, String which, List<String> notes) {
            Set<String> kept = new TreeSet<>();
            for (String f : fields) {
                String nullParent = other.nulls.stream().filter(n -> f.startsWith(n + ".")).findFirst().orElse(null);
                int entries = f.indexOf(".*");
                String emptyMap = entries > 0 && !other.fields.contains(f.substring(0, entries + 2)) ? f.substring(0, entries) : null;
                String note = nullParent != null ? nullParent + ": null (not measured) in the " + which + " run"
                        : emptyMap != null ? emptyMap + ": empty (not measured) in the " + which + " run" : null;
                if (note == null) {
                    kept.add(f);
                } else if (!notes.contains(note)) {
                    notes.add(note);
                }
            }
            return kept;
        }
    }

    static Shape shape(JsonNode json, Set<String> leftOut) {
        Shape shape = new Shape(new TreeSet<>(), new TreeSet<>());
        collect(json, "", leftOut, shape);
        return shape;
    }

    private static void collect(JsonNode node, String path, Set<String> leftOut, Shape shape) {
        if (node.isObject()) {
            if (path.equals("series[]") && leftOut.contains(node.path("tool").asString(""))) {
                return;
            }
            for (Map.Entry<String, JsonNode> f : node.properties()) {
                String p = MAP_PATHS.contains(path) ? path + ".*" : path.isEmpty() ? f.getKey() : path + "." + f.getKey();
                shape.fields().add(p);
                if (f.getValue().isNull()) {
                    shape.nulls().add(p);
                }
                collect(f.getValue(), p, leftOut, shape);
            }
        } else if (node.isArray()) {
            node.forEach(element -> collect(element, path + "[]", leftOut, shape));
        }
    }

    /** Walks the records behind results.json (a point's repetitions are points: bounded depth). */
    private static Set<String> mapPaths(Type type, String path, Set<String> out, int depth) {
        if (depth > 8) {
            return out;
        }
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
            if (Map.class.isAssignableFrom(raw)) {
                out.add(path);
                mapPaths(p.getActualTypeArguments()[1], path + ".*", out, depth + 1);
            } else if (Collection.class.isAssignableFrom(raw)) {
                mapPaths(p.getActualTypeArguments()[0], path + "[]", out, depth + 1);
            }
        } else if (type instanceof Class<?> c && c.isArray()) {
            mapPaths(c.getComponentType(), path + "[]", out, depth + 1);
        } else if (type instanceof Class<?> c && c.isRecord()) {
            for (RecordComponent rc : c.getRecordComponents()) {
                mapPaths(rc.getGenericType(), path.isEmpty() ? rc.getName() : path + "." + rc.getName(), out, depth + 1);
            }
        }
        return out;
    }

    /**
     * The two runs measured the same lab: the same CPU caps, and the same settings as the lab's
     * parts reported them (database servers, heaps: {@code Machine#settings}). A setting that one
     * run lacks, or that could not be read, is a difference too: no evidence is no agreement.
     */
    static void settings(lab.report.results.Machine a, lab.report.results.Machine b, List<String> problems) {
        Map<String, String> sa = a == null ? null : a.settings();
        Map<String, String> sb = b == null ? null : b.settings();
        if (sa == null || sb == null) {
            problems.add("lab settings (database servers, heaps) not recorded in the " + (sa == null ? "first" : "second")
                    + " run: nothing shows that both measured the same lab");
            return;
        }
        String capsA = a.cpuCaps();
        String capsB = b.cpuCaps();
        if (!java.util.Objects.equals(capsA, capsB)) {
            problems.add("CPU caps: " + capsA + " in the first run, " + capsB + " in the second");
        }
        Set<String> keys = new TreeSet<>(sa.keySet());
        keys.addAll(sb.keySet());
        for (String key : keys) {
            String va = sa.get(key);
            String vb = sb.get(key);
            if (va == null || vb == null || !va.equals(vb) || va.startsWith("unreadable")) {
                problems.add("setting " + key + ": " + (va == null ? "not recorded" : va) + " in the first run, "
                        + (vb == null ? "not recorded" : vb) + " in the second");
            }
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
