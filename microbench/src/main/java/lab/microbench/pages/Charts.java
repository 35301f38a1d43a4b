package lab.microbench.pages;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Chart.js configurations as plain maps (serialized as JSON by {@link lab.report.Page}; the library is inlined by lab.report). */
public final class Charts {

    private static final String[] COLORS = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
        "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};

    private Charts() {
    }

    public static String color(int i) {
        return COLORS[i % COLORS.length];
    }

    public static Map<String, Object> dataset(String label, List<?> data, String color) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("label", label);
        d.put("data", data);
        d.put("backgroundColor", color);
        return d;
    }

    /** A line (or, {@code showLine} false, points only) over a category axis; gaps (nulls) bridged. */
    public static Map<String, Object> line(String label, List<?> data, String color, boolean showLine) {
        Map<String, Object> d = dataset(label, data, color);
        d.put("type", "line");
        d.put("borderColor", color);
        d.put("showLine", showLine);
        d.put("pointRadius", 4);
        d.put("spanGaps", true);
        return d;
    }

    /** A bar chart; {@code horizontal} puts the categories on the y axis, {@code log} makes the value axis logarithmic. */
    public static Map<String, Object> bar(String title, List<String> labels, List<Map<String, Object>> datasets,
                                          String valueAxis, boolean log, boolean horizontal) {
        Map<String, Object> valueScale = new LinkedHashMap<>();
        valueScale.put("type", log ? "logarithmic" : "linear");
        valueScale.put("title", Map.of("display", true, "text", valueAxis));
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("maintainAspectRatio", false);
        options.put("animation", false);
        options.put("indexAxis", horizontal ? "y" : "x");
        options.put("plugins", Map.of("title", Map.of("display", true, "text", title)));
        options.put("scales", Map.of(horizontal ? "x" : "y", valueScale));
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("type", "bar");
        config.put("data", Map.of("labels", labels, "datasets", datasets));
        config.put("options", options);
        return config;
    }

    /**
     * Lines over a linear x axis (the thesis' figures draw load as connections on a linear axis);
     * each dataset's data are {@code {x, y}} points.
     */
    public static Map<String, Object> xy(String title, List<Map<String, Object>> datasets, String xAxis, String yAxis) {
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("maintainAspectRatio", false);
        options.put("animation", false);
        options.put("plugins", Map.of("title", Map.of("display", true, "text", title)));
        options.put("scales", Map.of(
                "x", Map.of("type", "linear", "title", Map.of("display", true, "text", xAxis)),
                "y", Map.of("type", "linear", "beginAtZero", true, "title", Map.of("display", true, "text", yAxis))));
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("type", "line");
        config.put("data", Map.of("datasets", datasets));
        config.put("options", options);
        return config;
    }

    /** A waterfall: one horizontal line per operation, floating bars [from, to] stacked on the same line. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> waterfall(String title, List<String> labels, List<Map<String, Object>> datasets, String timeAxis) {
        Map<String, Object> config = bar(title, labels, datasets, timeAxis, false, true);
        Map<String, Object> options = (Map<String, Object>) config.get("options");
        Map<String, Object> scales = new LinkedHashMap<>((Map<String, Object>) options.get("scales"));
        scales.put("y", Map.of("stacked", true, "ticks", Map.of("display", false)));
        options.put("scales", scales);
        return config;
    }
}
