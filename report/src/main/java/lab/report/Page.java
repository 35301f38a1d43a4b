package lab.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lab.report.verdict.Claim;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * A page built from blocks in order — sections, headings, paragraphs, tables, Chart.js charts,
 * claim lists — and rendered by the toolkit's {@code page.ftlh} (escaping, stylesheet, Chart.js
 * inlined). For pages whose content is computed section by section (the micro-benchmark pages).
 */
public final class Page {

    private static final ObjectMapper JSON = JsonMapper.builder().build();

    /** A table row; {@code css} marks the row: "seed" (published figures), "best", "text" (prose, left-aligned), "flag". */
    public record Row(List<String> cells, String css) {
        public static Row of(String... cells) {
            return new Row(List.of(cells), "");
        }

        public static Row seed(String... cells) {
            return new Row(List.of(cells), "seed");
        }

        public static Row text(String... cells) {
            return new Row(List.of(cells), "text");
        }
    }

    /** One block of the page; the template switches on {@code kind}. */
    public record Block(String kind, String id, String text, List<String> head, List<Row> rows, int height, List<Claim> claims) {
    }

    private final List<Block> blocks = new ArrayList<>();
    private final List<Map<String, Object>> charts = new ArrayList<>();
    private final List<Map<String, String>> toc = new ArrayList<>();

    public Page section(String id, String title) {
        toc.add(Map.of("id", id, "title", title));
        return add(new Block("h2", id, title, null, null, 0, null));
    }

    public Page h3(String title) {
        return add(new Block("h3", null, title, null, null, 0, null));
    }

    public Page p(String text) {
        return add(new Block("p", null, text, null, null, 0, null));
    }

    /** A paragraph in the muted style of parameters and hardware notes. */
    public Page note(String text) {
        return add(new Block("note", null, text, null, null, 0, null));
    }

    public Page table(List<String> head, List<Row> rows) {
        return add(new Block("table", null, null, List.copyOf(head), List.copyOf(rows), 0, null));
    }

    /** A Chart.js chart from its configuration (maps and lists, serialized as JSON). */
    public Page chart(Map<String, Object> config, int heightPx) {
        String id = "chart" + charts.size();
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("id", id);
        entry.put("config", config);
        charts.add(entry);
        return add(new Block("chart", id, null, null, null, heightPx, null));
    }

    /** Claims with their status badges and evidence. */
    public Page claims(List<Claim> claims) {
        return add(new Block("claims", null, null, null, null, 0, List.copyOf(claims)));
    }

    private Page add(Block b) {
        blocks.add(b);
        return this;
    }

    /** The whole page; {@code links} are extra navigation entries (label → href) after the table of contents. */
    public String render(String title, String intro, Map<String, String> links) {
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("title", title);
        model.put("intro", intro);
        model.put("toc", toc);
        model.put("links", links);
        model.put("blocks", blocks);
        model.put("chartJs", ChartJs.script());
        model.put("chartJsVersion", ChartJs.version());
        model.put("charts", inline(charts));
        return Templates.toolkit().render("page.ftlh", model);
    }

    /** JSON for a script element: "</" is escaped so that no string can close the element. */
    public static String inline(Object value) {
        return JSON.writeValueAsString(value).replace("</", "<\\/");
    }
}
