package lab.loadgen.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import lab.loadgen.Main;
import lab.loadgen.faults.Cell;
import lab.loadgen.faults.FaultsReport;
import lab.loadgen.sweep.SampleResults;
import lab.report.results.Point;
import lab.report.results.Results;
import lab.report.results.ResultsJson;
import lab.report.results.Series;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** loadgen verify, as the e2e scripts call it, on files written by the lab's own writers. */
class VerifyTest {

    private final StringWriter out = new StringWriter();

    private int loadgen(String... args) {
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out));
        return cl.execute(args);
    }

    /** The sample run's points without the fixtures that failed requests. */
    private static Results clean(Results r) {
        return new Results(r.run(), r.series().stream().map(s -> new Series(s.app(), s.mode(), s.tool(), s.instance(), s.url(),
                s.points().stream().filter(p -> (p.errors() == null || p.errors() == 0) && p.requestsPerSec() != null
                        && p.requestsPerSec() > 0).toList())).filter(s -> !s.points().isEmpty()).toList());
    }

    @Test
    void aRunWithEveryModeAskedAndNoErrorsHolds(@TempDir Path dir) {
        ResultsJson.write(clean(SampleResults.portal("20260101-000000-smoke")), dir.resolve(ResultsJson.FILE_NAME));
        assertEquals(0, loadgen("verify", "run", dir.toString(), "--portal", "jdbc virtual", "--open-loop", "wrk2"), out.toString());
        assertTrue(out.toString().contains("[e2e] 2 instances,"), out.toString());
    }

    @Test
    void errorsAMissingModeAndAToolThatDidNotRunAreProblems(@TempDir Path dir) {
        ResultsJson.write(SampleResults.portal("20260101-000000-smoke"), dir.resolve(ResultsJson.FILE_NAME));
        assertEquals(1, loadgen("verify", "run", dir.toString(), "--portal", "jdbc,virtual", "--shop", "r2dbc",
                "--open-loop", "oha", "--tag", "e2e-x"), out.toString());
        String o = out.toString();
        assertTrue(o.contains("[e2e-x] FAIL shop r2dbc: missing from the run"), o);
        assertTrue(o.contains("[e2e-x] FAIL oha did not run: not in the run"), o);
        assertTrue(o.matches("(?s).*FAIL portal jdbc @ \\d+: errors=\\d+.*"), o);
    }

    @Test
    void aLinkThatDidNotSlowThePageIsAProblem() {
        Results r = clean(SampleResults.portal("20260101-000000-smoke"));
        Series s = r.series().stream().filter(x -> x.tool().equals("wrk")).findFirst().orElseThrow();
        Point p = s.points().stream().filter(x -> x.p50Ms() != null).findFirst().orElseThrow();
        // the same page medians at 0 and 20 ms: the link never reached the instance
        Results flat = new Results(r.run(), List.of(new Series(s.app(), s.mode(), s.tool(), s.instance(), s.url(),
                List.of(p.withRttMs(0.0), p.withRttMs(20.0)))));
        RunCheck.Outcome o = new LinkCheck(20.0).check(flat);
        assertTrue(o.problems().stream().anyMatch(x -> x.contains("took less than a round trip")), o.toString());
        assertTrue(o.problems().stream().anyMatch(x -> x.contains("loadgen's probe")), o.toString());
    }

    private static Cell cell(String fault, String effect, Long recoveryMs, Integer[] sessions, Map<String, Integer> during) {
        return new Cell("shop-jdbc", "shop", "jdbc", fault, fault, Cell.GREEN, effect, 120L, Map.of("ok", 10), during, 90.0, 0,
                900L, 800L, 10_000L, recoveryMs, new Integer[] {40, 40}, new Integer[] {90, 90}, sessions,
                new Long[] {3L, 3L, 3L}, List.of(), null, null);
    }

    @Test
    void aFaultRunHoldsWhenEachFaultLeftItsEvidence(@TempDir Path dir) throws Exception {
        FaultsReport.write(dir, new FaultsReport.Run("x", "2026-01-01T00:00Z", null, "complete", Map.of("connections", 50, "windowSeconds", 8, "shopTimeoutMs", 10_000L),
                List.of(cell("a", "12 answers not OK", 1500L, new Integer[] {10, 10}, Map.of("ok", 5)),
                        cell("f", "4 sessions killed", 10L, new Integer[] {10, 6}, Map.of("ok", 5)))));
        assertEquals(0, loadgen("verify", "faults", dir.toString(), "--faults", "f,a"), out.toString());
    }

    @Test
    void aStoppedServerWithoutRecoveryOrWithHangsAndUncountedSessionsFail(@TempDir Path dir) throws Exception {
        FaultsReport.write(dir, new FaultsReport.Run("x", "2026-01-01T00:00Z", null, "complete", Map.of("connections", 50, "windowSeconds", 8, "shopTimeoutMs", 10_000L),
                List.of(cell("a", "errors", null, new Integer[] {10, null}, Map.of("hang", 2)))));
        assertEquals(1, loadgen("verify", "faults", dir.toString(), "--faults", "a,f"), out.toString());
        String o = out.toString();
        for (String want : List.of("faults asked [a, f], cells run [a]", "not recovered", "sessions were not counted", "2 answers hung")) {
            assertTrue(o.contains(want), want + " in " + o);
        }
    }

    @Test
    void thePortScanFindsAListeningPortAndNotItsNeighbour() throws Exception {
        try (ServerSocket listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = listening.getLocalPort();
            List<Integer> open = new PortScan("127.0.0.1", 300).open(port, port);
            assertEquals(List.of(port), open);
            listening.close();
            assertEquals(List.of(), new PortScan("127.0.0.1", 300).open(port, port), "closed once its socket is");
        }
    }
}
