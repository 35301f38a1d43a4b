package lab.loadgen.pages;

import lab.report.load.ReportPage;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lab.report.results.Results;
import lab.loadgen.sweep.SampleResults;
import lab.report.ChartJs;

/** The page carries Chart.js, the data, the table with reasons for every "—", and escapes what it prints. */
class ReportPageTest {

    @Test
    void onePageHasTheChartLibraryTheDataAndTheTable(@TempDir Path dir) throws Exception {
        Path html = dir.resolve("index.html");
        ReportPage.write(SampleResults.portal("run-a"), html);
        String page = Files.readString(html);
        assertTrue(page.contains("Chart.js v" + ChartJs.version()), "Chart.js banner inlined");
        assertTrue(page.length() > 200_000, "the library itself is inlined, not linked");
        assertFalse(page.contains("<script src"), "no external script");
        assertTrue(page.contains("id=\"lab-data\""));
        assertTrue(page.contains("\"requestsPerSec\":936.6"), "data for the charts");
        assertTrue(page.contains("id=\"charts-portal\""));
        assertTrue(page.contains("<td class=\"num\">936.7</td>"), "httperf-ok in the table");
        assertTrue(page.contains("httperf prints no latency percentiles"), "reason for the null p99");
        assertTrue(page.contains("—<sup>"), "null shown as a dash with a note");
        assertTrue(page.contains("figures from the fixture outputs &lt;test&gt;"), "notes HTML-escaped");
        assertTrue(page.contains("<a href=\"raw/httperf-ok.txt\">"), "raw output linked");
    }

    @Test
    void overlayDrawsBothRunsAndLinksTheirRawFiles(@TempDir Path dir) throws Exception {
        List<Results> runs = List.of(SampleResults.portal("run-a"), SampleResults.portal("run-b"));
        Path html = dir.resolve("compare-run-a-run-b").resolve("index.html");
        ReportPage.write(runs, html, "../");
        String page = Files.readString(html);
        assertTrue(page.contains("Load tests compared: run-a vs run-b"));
        assertTrue(page.contains("\"runs\":[\"run-a\",\"run-b\"]"));
        assertTrue(page.contains("href=\"../run-b/raw/wrk-latency.txt\""));
        assertTrue(page.contains("<th>Run</th>"));
    }
}
