package lab.report.load;

import static lab.report.results.Points.point;
import static lab.report.results.Points.series;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import lab.report.results.Machine;
import lab.report.results.Results;
import lab.report.results.ResultsJson;
import lab.report.results.Run;
import lab.report.results.Series;
import lab.report.results.ToolInfo;
import org.junit.jupiter.api.Test;

/** Native against compose: figures may differ, clear winners may not; series and fields must match. */
class RunComparisonTest {

    static Results run(String runtime, Series... series) {
        return run(runtime, null, series);
    }

    static final Map<String, String> SETTINGS = Map.of("mysql server", "MariaDB 10.11", "mysql innodb_buffer_pool_size", "1073741824",
            "postgresql server", "PostgreSQL 15", "heap portal", "1024 MB");

    static Results run(String runtime, Map<String, ToolInfo> tools, Series... series) {
        return run(runtime, "none", SETTINGS, tools, series);
    }

    static Results run(String runtime, String caps, Map<String, String> settings, Map<String, ToolInfo> tools, Series... series) {
        Machine m = new Machine(2, 24105L, "Debian", "OpenJDK 25", "box", true, "test", runtime, caps, settings);
        return new Results(new Run("20260101-000000-smoke", "2026-01-01T00:00:00Z", null, "smoke", m, "complete", "interleaved",
                tools, null, List.of(), null, null, null, null), List.of(series));
    }

    static RunComparison compare(Results a, Results b) {
        return RunComparison.of(a, ResultsJson.mapper().valueToTree(a), b, ResultsJson.mapper().valueToTree(b));
    }

    /** The portal's jdbc and nonblocking at 100 connections, three repetitions each. */
    static Results portal(String runtime, double[] jdbc, double[] nonblocking) {
        return run(runtime, series("portal", "jdbc", point(100, null, jdbc)), series("portal", "nonblocking", point(100, null, nonblocking)));
    }

    @Test
    void otherFiguresAndNoClearWinnerOnOneSideAgree() {
        RunComparison c = compare(portal("native", new double[] {90, 100, 110}, new double[] {180, 200, 220}),
                portal("compose", new double[] {80, 95, 100}, new double[] {120, 90, 160}));
        assertTrue(c.agree(), c.problems().toString());
        assertTrue(c.verdicts().values().iterator().next().startsWith("nonblocking | no clear winner"), c.verdicts().toString());
    }

    @Test
    void anotherServerSettingHeapOrCpuCapDisagrees() {
        Series same = series("portal", "jdbc", point(100, null, 100));
        Map<String, String> mysql84 = new java.util.TreeMap<>(SETTINGS);
        mysql84.put("mysql server", "MySQL 8.4");
        mysql84.put("mysql innodb_buffer_pool_size", "536870912");
        mysql84.remove("heap portal");
        RunComparison c = compare(run("native", same), run("compose", "databases=1", mysql84, null, same));
        assertFalse(c.agree());
        assertEquals(List.of("CPU caps: none in the first run, databases=1 in the second",
                "setting heap portal: 1024 MB in the first run, not recorded in the second",
                "setting mysql innodb_buffer_pool_size: 1073741824 in the first run, 536870912 in the second",
                "setting mysql server: MariaDB 10.11 in the first run, MySQL 8.4 in the second"), c.problems());
        assertFalse(compare(run("native", same), run("compose", "none", null, null, same)).agree(), "settings not recorded");
        assertTrue(compare(run("native", same), run("compose", same)).agree());
    }

    @Test
    void twoDifferentClearWinnersDisagree() {
        RunComparison c = compare(portal("native", new double[] {90, 100, 110}, new double[] {180, 200, 220}),
                portal("compose", new double[] {180, 200, 220}, new double[] {90, 100, 110}));
        assertFalse(c.agree());
        assertTrue(c.problems().getFirst().contains("nonblocking wins in one run, jdbc in the other"), c.problems().toString());
    }

    @Test
    void aToolTheOtherSideCouldNotRunIsLeftOutWithItsReason() {
        Series oha = new Series("portal", "jdbc", "oha", "portal-jdbc", "http://x/", List.of(point(100, null, 100)));
        Results nativeRun = run("native", Map.of("oha", new ToolInfo(true, true, "/usr/bin/oha", "1", null, List.of())),
                series("portal", "jdbc", point(100, null, 100)), oha);
        Results composeRun = run("compose", Map.of("oha", new ToolInfo(false, false, null, null, "no `oha` binary on PATH", List.of())),
                series("portal", "jdbc", point(100, null, 100)));
        RunComparison c = compare(nativeRun, composeRun);
        assertTrue(c.agree(), c.problems().toString());
        assertTrue(c.notComparable().getFirst().startsWith("oha: measured only in the first run (the other: no `oha` binary"),
                c.notComparable().toString());
        // a tool the other side had but did not use is a real difference
        Results withOhaUnused = run("compose", Map.of("oha", new ToolInfo(true, false, "/usr/bin/oha", "1", null, List.of())),
                series("portal", "jdbc", point(100, null, 100)));
        assertFalse(compare(nativeRun, withOhaUnused).agree());
    }

    @Test
    void theFairPassInOneRunOnlyIsLeftOutAndNamed() {
        Results withPass = run("native", series("portal", "threadpool", point(10, null, 100)),
                series("portal", "threadpool-fair", point(10, null, 40)));
        Results without = run("compose", series("portal", "threadpool", point(10, null, 100)));
        RunComparison c = compare(without, withPass);
        assertTrue(c.agree(), c.problems().toString());
        assertTrue(c.notComparable().contains("threadpool-fair: the fair pass ran only in the second run (make loadtest FAIR_POOL=1, on a native lab)"),
                c.notComparable().toString());
        // any other series in one run only is still a difference
        Results withVirtual = run("native", series("portal", "threadpool", point(10, null, 100)),
                series("portal", "threadpool-fair", point(10, null, 40)), series("portal", "virtual", point(10, null, 90)));
        assertFalse(compare(without, withVirtual).agree());
    }

    @Test
    void aMissingSeriesOrPointOrFieldDisagrees() {
        Results a = run("native", series("portal", "jdbc", point(100, null, 100)), series("portal", "virtual", point(100, null, 100)));
        Results b = run("compose", series("portal", "jdbc", point(100, null, 100), point(200, null, 100)));
        RunComparison c = compare(a, b);
        assertTrue(c.problems().stream().anyMatch(p -> p.startsWith("series (app/tool/mode) only in the first run (1): portal/wrk/virtual")),
                c.problems().toString());
        assertTrue(c.problems().stream().anyMatch(p -> p.contains("only in the second run") && p.contains("c=200")), c.problems().toString());

        // a map's keys are data (each run's own source addresses), a null figure was not measured: neither is a difference
        var otherKeys = ResultsJson.mapper().valueToTree(b);
        ((tools.jackson.databind.node.ObjectNode) otherKeys.get("run")).putObject("tools").putObject("oha").put("available", false);
        ((tools.jackson.databind.node.ObjectNode) otherKeys.get("run")).putNull("proxyHop");
        var withKeys = ResultsJson.mapper().valueToTree(b);
        ((tools.jackson.databind.node.ObjectNode) withKeys.get("run")).putObject("tools").putObject("wrk").put("available", true);
        ((tools.jackson.databind.node.ObjectNode) withKeys.get("run")).putObject("proxyHop").put("viaProxyMs", 0.9);
        RunComparison keys = RunComparison.of(b, withKeys, b, otherKeys);
        assertTrue(keys.agree(), keys.problems().toString());
        assertTrue(keys.notComparable().contains("run.proxyHop: null (not measured) in the second run"), keys.notComparable().toString());

        var extra = ResultsJson.mapper().valueToTree(b);
        ((tools.jackson.databind.node.ObjectNode) extra.get("run")).put("newField", 1);
        RunComparison shaped = RunComparison.of(b, ResultsJson.mapper().valueToTree(b), b, extra);
        assertTrue(shaped.problems().stream().anyMatch(p -> p.contains("run.newField")), shaped.problems().toString());
    }

    /** A map of the portal: jdbc and nonblocking at 20 and 200 connections, 0 and 78 ms; nonblocking's goodput at 78 ms given. */
    static Results map(double[] nonblockingAt78) {
        return run("native",
                series("portal", "jdbc", point(20, 0.0, 400, 410, 420), point(200, 0.0, 800, 810, 820),
                        point(20, 78.0, 15, 16, 17), point(200, 78.0, 48, 50, 52)),
                series("portal", "nonblocking", point(20, 0.0, 405, 400, 415), point(200, 0.0, 900, 910, 920),
                        point(20, 78.0, 240, 245, 250), point(200, 78.0, nonblockingAt78)));
    }

    @Test
    void twoRunsOfTheMapNameTheSameWinnersOrSayWhichCellsDiffer() {
        RunComparison same = compare(map(new double[] {780, 785, 790}), map(new double[] {770, 790, 800}));
        assertTrue(same.agree(), same.problems().toString());
        assertEquals(List.of("portal: 4 of 4 cells name the same winners (100 %)"), same.maps());
        // jdbc ahead at 78 ms and 200 connections in the second run: the opposite answer
        RunComparison opposite = compare(map(new double[] {780, 785, 790}), map(new double[] {30, 31, 32}));
        assertFalse(opposite.agree());
        assertTrue(opposite.problems().stream().anyMatch(p -> p.startsWith("opposite answers, portal at 200 connections and 78 ms")),
                opposite.problems().toString());
    }
}
