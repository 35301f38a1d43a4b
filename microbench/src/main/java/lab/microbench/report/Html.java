package lab.microbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A tiny builder for one self-contained HTML page: headings, paragraphs, tables and Chart.js charts. */
public final class Html {

    /** A table row; {@code css} marks e.g. the seeds' rows. */
    public record Row(List<String> cells, String css) {
        public static Row of(String... cells) {
            return new Row(List.of(cells), "");
        }

        public static Row seed(String... cells) {
            return new Row(List.of(cells), "seed");
        }

        /** A row of prose (error messages): left-aligned. */
        public static Row text(String... cells) {
            return new Row(List.of(cells), "text");
        }
    }

    private final StringBuilder body = new StringBuilder();
    private final List<Map<String, Object>> charts = new ArrayList<>();
    private final List<String[]> toc = new ArrayList<>();

    public static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    public Html section(String id, String title) {
        toc.add(new String[] {id, title});
        body.append("<h2 id=\"").append(esc(id)).append("\">").append(esc(title)).append("</h2>\n");
        return this;
    }

    public Html h3(String title) {
        body.append("<h3>").append(esc(title)).append("</h3>\n");
        return this;
    }

    public Html p(String text) {
        body.append("<p>").append(esc(text)).append("</p>\n");
        return this;
    }

    /** A paragraph in the muted style used for parameters and hardware notes. */
    public Html note(String text) {
        body.append("<p class=\"note\">").append(esc(text)).append("</p>\n");
        return this;
    }

    public Html table(List<String> head, List<Row> rows) {
        body.append("<table><thead><tr>");
        head.forEach(h -> body.append("<th>").append(esc(h)).append("</th>"));
        body.append("</tr></thead><tbody>\n");
        for (Row r : rows) {
            body.append(r.css().isEmpty() ? "<tr>" : "<tr class=\"" + esc(r.css()) + "\">");
            r.cells().forEach(c -> body.append("<td>").append(esc(c)).append("</td>"));
            body.append("</tr>\n");
        }
        body.append("</tbody></table>\n");
        return this;
    }

    public Html chart(Map<String, Object> config, int heightPx) {
        String id = "chart" + charts.size();
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("id", id);
        entry.put("config", config);
        charts.add(entry);
        body.append("<div class=\"chart\" style=\"height:").append(heightPx).append("px\"><canvas id=\"").append(id)
                .append("\"></canvas></div>\n");
        return this;
    }

    public String page(String title, String intro, String chartJs) {
        StringBuilder nav = new StringBuilder("<nav>");
        toc.forEach(t -> nav.append("<a href=\"#").append(esc(t[0])).append("\">").append(esc(t[1])).append("</a> "));
        nav.append("<a href=\"index.html\">index</a></nav>\n");
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + esc(title) + "</title>\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<style>" + STYLE + "</style>\n"
                + "<script>" + chartJs + "</script>\n</head><body>\n<h1>" + esc(title) + "</h1>\n"
                + "<p>" + esc(intro) + "</p>\n" + nav + body
                + "<script>\nconst CHARTS = " + Json.inline(charts) + ";\n" + SCRIPT + "</script>\n</body></html>\n";
    }

    private static final String STYLE = """
            body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:1200px;padding:0 1em;color:#222}
            h2{border-bottom:2px solid #ccc;padding-top:.8em}
            table{border-collapse:collapse;margin:.6em 0 1.2em;font-size:.88em}
            th,td{border:1px solid #ccc;padding:.25em .55em;text-align:right}
            th:first-child,td:first-child{text-align:left}
            th{background:#f0f0f0}
            tr.seed td{background:#fff6dd;font-style:italic}
            tr.best td{background:#e6f6e6}
            tr.text td{text-align:left}
            .note{color:#555;font-size:.88em}
            .chart{position:relative;margin:.5em 0 1.5em}
            nav a{margin-right:1em}
            """;

    /** Creates the charts; "log" axes get readable tick labels. */
    private static final String SCRIPT = """
            for (const c of CHARTS) {
              const scales = (c.config.options || {}).scales || {};
              for (const k of Object.keys(scales)) {
                if (scales[k].type === 'logarithmic') {
                  scales[k].ticks = {callback: v => { const e = Math.log10(v); return Math.abs(e - Math.round(e)) < 1e-9 ? v.toLocaleString() : ''; }};
                }
              }
              new Chart(document.getElementById(c.id), c.config);
            }
            """;
}
