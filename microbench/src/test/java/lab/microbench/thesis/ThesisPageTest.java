package lab.microbench.thesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.microbench.PageWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * thesis.html from a real (short) JMH result file of Table 4.1 and, for Figures 4.6–4.9, a small
 * synthetic load run: the summary line, every table, figure and claim section.
 */
class ThesisPageTest {

    @TempDir
    Path out;

    private void table41() throws Exception {
        for (String name : new String[] {"thesis-table41.json", "thesis-table41.meta.json"}) {
            try (InputStream in = getClass().getResourceAsStream(name)) {
                Files.copy(in, out.resolve(name));
            }
        }
    }

    private String page(Path load) throws Exception {
        PageWriter.write(out, load);
        return Files.readString(out.resolve(ThesisPage.PAGE));
    }

    @Test
    void pageShowsTable41BesideTheThesisAndTheIndexLinksIt() throws Exception {
        table41();

        String html = page(null);

        assertTrue(html.contains("<title>The thesis, reproduced (chapter 4)</title>"), "title");
        assertTrue(html.contains("nonblocking-pipelined") && html.contains(" ± "), "our rows with errors");
        assertTrue(html.contains("thesis 2010: JDBC") && html.contains("79.2") && html.contains("4.84"), "thesis rows");
        assertTrue(html.contains("Not run yet"), "missing experiments are said");
        assertTrue(html.contains("new Chart(") && !html.contains("<script src="), "Chart.js inlined");
        assertTrue(html.contains("&quot;forks&quot;:2"), "run parameters shown");
        assertTrue(Files.readString(out.resolve("index.html")).contains("href=\"thesis.html\""), "index links the page");
        assertTrue(html.contains("Every claim") && html.contains("badge not-measured"), "claims listed");
        assertTrue(html.contains("emulated 0.19 ms link: not measured in this run"), "the 0.19 ms row set is said to be missing");
        assertTrue(html.contains("no load run given"), "the missing load run is said");
    }

    @Test
    void table41OverTheEmulatedLinkIsReadFromItsOwnFile() throws Exception {
        table41OnBothLinks("");

        String html = page(null);
        assertTrue(html.contains("(emulated 0.19 ms link)</td>"), "row set over the 0.19 ms link");
        assertTrue(html.contains("Table 4.1, MySQL, 0.19 ms link") && !html.contains("emulated 0.19 ms link: not measured"));
        // the same scores on both links: jdbc's time per query differs by nothing, within the errors' range
        assertTrue(html.contains("The 0.19 ms link as Table 4.1 sees it") && html.contains("<td>0.000 (-"), "link as the table sees it");
        assertTrue(html.contains("not recorded"), "a run without calibration says so");
    }

    @Test
    void theLinksCalibrationIsShownWithItsCheckAfterTheForks() throws Exception {
        table41OnBothLinks("\"linkCalibration\" : {\"lan\" : {\"MYSQL\" : "
                + "{\"addedMs\" : 0.19, \"hopMs\" : 0.041, \"toxicMs\" : 0.131, \"addedAfterMs\" : 0.168}}},");

        String html = page(null);
        assertTrue(html.contains("+0.19 per query (bare hop +0.041, toxic 0.131 on replies); after its forks +0.168"), "MariaDB's calibration and check");
        assertTrue(html.contains("not recorded"), "PostgreSQL has none in this meta");
        assertFalse(html.contains("rounds, each newly calibrated"), "no round was run again");
    }

    @Test
    void aRoundOfForksRunAgainBecauseTheLinkDriftedIsSaid() throws Exception {
        table41OnBothLinks("\"linkCalibration\" : {\"lan\" : {\"POSTGRESQL\" : "
                + "{\"addedMs\" : 0.2, \"hopMs\" : 0.05, \"toxicMs\" : 0.1, \"addedAfterMs\" : 0.185}}}, "
                + "\"linkCalibrationDiscarded\" : {\"lan\" : {\"POSTGRESQL\" : "
                + "[{\"addedMs\" : 0.2, \"hopMs\" : 0.107, \"toxicMs\" : 0.088, \"addedAfterMs\" : 0.458}]}},");

        String html = page(null);
        assertTrue(html.contains("after its forks +0.185; the link had drifted, so the forks ran 2 rounds, each newly calibrated: shown is the one "
                + "whose check after its forks came closest to the link (the other: +0.458)"), "the round left out and why");
    }

    /** Table 4.1 with the same scores on loopback and on the lan link, and {@code calibration} (meta parameters, JSON) in its meta. */
    private void table41OnBothLinks(String calibration) throws Exception {
        table41();
        String lan = Files.readString(out.resolve("thesis-table41.json")).replace("\"oneWayMicros\" : \"0\"", "\"oneWayMicros\" : \"95\"");
        Files.writeString(out.resolve("thesis-table41-lan.json"), lan);
        String meta = Files.readString(out.resolve("thesis-table41.meta.json")).replace("\"requests\" : 50,", "\"requests\" : 50, " + calibration);
        Files.writeString(out.resolve("thesis-table41.meta.json"), meta);
    }

    /** A load run at lan (portal and shop) and wan (portal), three repetitions per point, no flags. */
    private Path syntheticLoadRun() throws Exception {
        StringBuilder series = new StringBuilder();
        record Line(String app, String mode, double rtt, int[] levels, double base) {
        }
        List<Line> lines = List.of(
                new Line("portal", "jdbc", 0.19, new int[] {1, 50, 400, 1000}, 100),
                new Line("portal", "threadpool", 0.19, new int[] {1, 50, 400, 1000}, 130),
                new Line("portal", "nonblocking", 0.19, new int[] {1, 50, 400, 1000}, 400),
                new Line("portal", "jdbc", 78, new int[] {50, 400}, 10),
                new Line("portal", "nonblocking", 78, new int[] {50, 400}, 60),
                new Line("shop", "jdbc", 0.19, new int[] {1, 1000, 10000}, 200),
                new Line("shop", "nonblocking", 0.19, new int[] {1, 1000, 10000}, 900));
        List<String> rendered = new ArrayList<>();
        for (String app : List.of("portal", "shop")) {
            for (String mode : List.of("jdbc", "threadpool", "nonblocking")) {
                List<String> points = new ArrayList<>();
                for (Line l : lines) {
                    if (!l.app().equals(app) || !l.mode().equals(mode)) {
                        continue;
                    }
                    for (int c : l.levels()) {
                        List<String> reps = new ArrayList<>();
                        for (double f : new double[] {0.99, 1.0, 1.01}) {
                            reps.add(point(c, l.base() * f, l.rtt(), "[]"));
                        }
                        points.add(point(c, l.base(), l.rtt(), "[" + String.join(",", reps) + "]"));
                    }
                }
                if (!points.isEmpty()) {
                    rendered.add(String.format(Locale.ROOT, "{\"app\":\"%s\",\"mode\":\"%s\",\"tool\":\"wrk\",\"points\":[%s]}",
                            app, mode, String.join(",", points)));
                }
            }
        }
        series.append(String.join(",", rendered));
        Path run = Files.createDirectories(out.resolve("run-1"));
        Files.writeString(run.resolve("results.json"), "{\"run\":{\"id\":\"run-1\",\"started\":\"2026-01-01T00:00:00Z\","
                + "\"profile\":\"thesis\",\"machine\":{\"cpus\":2,\"jvm\":\"25\"}},\"series\":[" + series + "]}");
        return run;
    }

    private static String point(int c, double rps, double rtt, String repetitions) {
        return String.format(Locale.ROOT, "{\"concurrency\":%d,\"requestsPerSec\":%.2f,\"meanReplyMs\":%.2f,\"errors\":0,"
                        + "\"rttMs\":%s,\"rttMeasuredMs\":%s,\"flags\":[],\"repetitions\":%s}", c, rps, 1000.0 * c / rps, rtt,
                rtt == 78 ? "78.4" : "0.21", repetitions);
    }

    @Test
    void pageOpensWithTheSummaryAndShowsEveryFigureAndClaimWithALoadRun() throws Exception {
        table41();

        String html = page(syntheticLoadRun());

        Matcher summary = Pattern.compile("(\\d+) of (\\d+) reproduced").matcher(html);
        assertTrue(summary.find(), "summary line");
        int summaryAt = summary.start();
        assertTrue(html.indexOf("<h2 id=\"summary\">") < summaryAt && summaryAt < html.indexOf("<h2 id=\"table41\">"),
                "the page opens with the summary");
        assertTrue(html.contains("What differs from 2010 and why"), "the differences");
        for (String section : List.of("Table 4.1", "Figures 4.1–4.3", "Figure 4.4", "Figure 4.5", "Figure 4.6", "Figure 4.7",
                "Figure 4.8", "Figure 4.9", "Every claim")) {
            assertTrue(html.contains(section), section);
        }
        // the thesis' Figure 4.9 is the shop's reply time (old page: a portal chart at 78 ms under that name)
        assertTrue(html.contains("Figure 4.9: shop, mean reply time"), "Figure 4.9 is the shop's reply time");
        assertTrue(html.contains("Figure 4.7: portal, mean reply time"), "Figure 4.7 is the portal's reply time");
        assertTrue(html.contains(LoadFigures.BEYOND + ": portal") && html.contains("wan (78 ms RTT)"),
                "the portal at wan, not called a thesis figure");
        assertTrue(html.contains("on the thesis&#39; link (lan: 0.19 ms asked, 0.21 ms measured RTT)"), "link asked and measured");
        assertTrue(html.contains("Figure 4.8: shop") && html.contains("<td>10000</td>"), "the shop up to 10,000");
        // every claim of both sets is listed once under "Every claim", and counted in the summary (off-setting ones apart)
        String claims = html.substring(html.indexOf("<h2 id=\"claims\">"));
        int listed = count(claims, "class=\"badge ") - count(claims, "class=\"badge off-setting");
        String line = html.substring(summaryAt, html.indexOf("</p>", summaryAt));
        Matcher counted = Pattern.compile("(\\d+) of (\\d+) reproduced").matcher(line);
        int total = 0;
        while (counted.find()) {
            total += Integer.parseInt(counted.group(2));
        }
        assertEquals(listed, total, "every claim counted in the summary: " + line);
        assertTrue(listed >= 20, "micro and load claims: " + listed);
    }

    private static int count(String text, String what) {
        return text.split(Pattern.quote(what), -1).length - 1;
    }

    /** A deciding point left at the plan's forks is still a deciding point; the one-fork points only draw the line. */
    @Test
    void theSettingsNoteTellsTheDecidingPointsFromTheCurve() {
        java.util.function.BiFunction<Integer, String, lab.report.results.JmhScore> score = (forks, engine) ->
                new lab.report.results.JmhScore("operation", java.util.Map.of("engine", engine), 1, forks, 1, "200 ms", 3, "200 ms",
                        1.0, 0.1, "ms/op", "25");
        String note = FigureRuns.note(List.of(score.apply(1, "MYSQL"), score.apply(3, "MYSQL"), score.apply(6, "POSTGRESQL")),
                List.of("Figure 4.1: 1 claim(s) inconclusive on 3 fork(s) a side; 3 more at POSTGRESQL's deciding points (20 s)"));
        String[] parts = note.split(" at the points a claim is decided on; where none is \\(a line of the chart only\\): ");
        assertEquals(2, parts.length, note);
        assertTrue(parts[0].startsWith("JMH: 6 forks") && parts[0].contains("; JMH: 3 forks"), parts[0]);
        assertTrue(parts[1].startsWith("JMH: 1 forks") && !parts[1].contains("3 forks ×"), parts[1]);
        assertTrue(note.endsWith("More forks where a claim was undecided: Figure 4.1: 1 claim(s) inconclusive on 3 fork(s) a side; "
                + "3 more at POSTGRESQL's deciding points (20 s)."), note);
    }
}
