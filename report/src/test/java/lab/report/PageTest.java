package lab.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import lab.report.verdict.Claim;
import org.junit.jupiter.api.Test;

class PageTest {

    @Test
    void blocksRenderEscapedWithChartJsInlined() {
        String html = new Page()
                .section("t", "Table <1>")
                .p("a & b")
                .table(List.of("x", "y"), List.of(Page.Row.of("<b>", "2"), Page.Row.seed("thesis", "3")))
                .chart(Map.of("type", "bar", "data", Map.of("labels", List.of("</script>"))), 300)
                .claims(List.of(new Claim("Table 4.1", "pipelining wins", Claim.Status.INCONCLUSIVE, "2.1 ± 1.9 ms"),
                        new Claim("Figure 4.3", "about 5×", Claim.Status.EXCEEDED, "8×", "off the thesis' link: 1 ms")))
                .render("Title & more", "intro", Map.of("index", "index.html"));
        assertTrue(html.contains("<h2 id=\"t\">Table &lt;1&gt;</h2>"));
        assertTrue(html.contains("<p>a &amp; b</p>"));
        assertTrue(html.contains("<td>&lt;b&gt;</td>"));
        assertTrue(html.contains("<tr class=\"seed\">"));
        assertTrue(html.contains("<canvas id=\"chart0\">"));
        assertTrue(html.contains("<span class=\"badge inconclusive\">inconclusive</span>"));
        assertTrue(html.contains("<span class=\"badge exceeded\">exceeded</span>"));
        assertTrue(html.contains("off-setting") && html.contains("off the thesis&#39; link: 1 ms"), "the setting shown beside the status");
        assertTrue(html.contains("Chart.js v" + ChartJs.version()), "Chart.js banner inlined");
        assertTrue(html.contains("<a href=\"index.html\">index</a>"));
        assertFalse(html.contains("\"</script>\""), "JSON cannot close the script element");
    }
}
