package lab.loadgen.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import lab.loadgen.metrics.PrometheusText;
import lab.loadgen.pages.Templates;

/** The dashboard's link table: the RTT at rest with its age, a probe under load labelled as such. */
class LinkPanelTest {

    private static final long NOW = 1_000_000_000L;

    /** An app's exposition of its RoundTrip gauges for one source (NaN as Prometheus writes it). */
    private static String gauges(String source, String lastMs, String age, String restMs, String restAge, String load) {
        String labels = "{application=\"portal\",mode=\"jdbc\",source=\"" + source + "\"}";
        return "# TYPE lab_link_rtt_ms gauge\nlab_link_rtt_ms" + labels + " " + lastMs + "\n"
                + "lab_link_rtt_age_seconds" + labels + " " + age + "\n"
                + "lab_link_rtt_rest_ms" + labels + " " + restMs + "\n"
                + "lab_link_rtt_rest_age_seconds" + labels + " " + restAge + "\n"
                + "lab_link_rtt_load_inflight" + labels + " " + load + "\n";
    }

    private static LinkPanel.Row row(String text, long linkSetMillis) {
        List<LinkPanel.Row> rows = LinkPanel.rows("portal-jdbc", PrometheusText.parse(text), linkSetMillis, NOW);
        assertEquals(1, rows.size(), text);
        return rows.getFirst();
    }

    @Test
    void theFigureAtRestIsShownWithItsAgeEvenAfterAProbeUnderLoad() {
        LinkPanel.Row r = row(gauges("contacts_mysql", "32.1", "1.5", "0.21", "42.4", "7.0"), 0);
        assertTrue(r.atRest());
        assertEquals("0.21 ms at rest, 42 s ago", r.label());
        assertFalse(r.stale());
        assertEquals("0.21 ms at rest, 5 min ago", row(gauges("s", "1", "1", "0.21", "300", "0"), 0).label());
    }

    @Test
    void onlyAProbeUnderLoadIsLabelledWithItsCallsInFlight() {
        LinkPanel.Row r = row(gauges("contacts_mysql", "32.1", "1.5", "NaN", "NaN", "7.0"), 0);
        assertFalse(r.atRest());
        assertEquals("32.10 ms under load (7 calls in flight)", r.label());
        assertEquals("0.50 ms under load (1 call in flight)", row(gauges("s", "0.5", "1", "NaN", "NaN", "1"), 0).label());
    }

    @Test
    void noProbeYetAndAnAppWithoutTheLoadGaugeSaySo() {
        assertEquals("–", row(gauges("s", "NaN", "NaN", "NaN", "NaN", "NaN"), 0).label());
        String older = "lab_link_rtt_ms{source=\"s\"} 3.2\nlab_link_rtt_age_seconds{source=\"s\"} 1\n";
        assertEquals("3.20 ms (load not reported)", row(older, 0).label());
    }

    @Test
    void aFigureProbedBeforeTheLinkChangedIsStale() {
        long linkSet = NOW - 10_000; // the link changed 10 s ago
        assertTrue(row(gauges("s", "20.3", "1", "0.2", "60", "0"), linkSet).stale(), "the figure at rest predates the link");
        assertFalse(row(gauges("s", "20.3", "1", "20.2", "5", "0"), linkSet).stale(), "probed at rest since");
        assertFalse(row(gauges("s", "20.3", "1", "NaN", "NaN", "2"), linkSet).stale(), "under load, but since the change");
    }

    @Test
    void theTableShowsTheLabelsAndTheFigureAtRestAsData() {
        LinkPanel panel = new LinkPanel("lan", List.of(
                row(gauges("contacts_mysql", "32.1", "1.5", "0.21", "42", "7"), 0),
                row(gauges("logs_pg", "12.5", "1.5", "NaN", "NaN", "3"), 0)));
        String html = Templates.render("link.ftlh", Map.of("link", panel));
        assertTrue(html.contains("<td data-rtt-ms=\"0.21\">0.21 ms at rest, 42 s ago</td>"), html);
        assertTrue(html.contains("<td data-rtt-ms=\"\" data-rtt-load-inflight=\"3\"><span class=\"muted\">12.50 ms under load "
                + "(3 calls in flight)</span></td>"), html);
    }
}
