package lab.loadgen.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cell grades of the fault matrix and the page/JSON they end up in. */
class GradeTest {

    static Map<String, Integer> during(int ok, int unavailable, int error, int hang) {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < ok; i++) samples.add(new Sample(0, 1, Outcome.OK, 200, null, false));
        for (int i = 0; i < unavailable; i++) samples.add(new Sample(0, 1, Outcome.UNAVAILABLE, 503, null, false));
        for (int i = 0; i < error; i++) samples.add(new Sample(0, 1, Outcome.ERROR, 500, null, false));
        for (int i = 0; i < hang; i++) samples.add(new Sample(0, 1, Outcome.HANG, 0, null, false));
        return CellRunner.count(samples, s -> true);
    }

    static String grade(Map<String, Integer> during, Long slowest, Long recovery, Long[] purchases) {
        return CellRunner.grade(during, slowest, 6_000L, recovery, 40, 41, 100, 101, 30, 30, purchases, new ArrayList<>());
    }

    @Test
    void fastClearErrorsAndQuickRecoveryAreGreen() {
        assertEquals(Cell.GREEN, grade(during(100, 50, 0, 0), 6_900L, 1_200L, null));
        assertEquals(Cell.GREEN, grade(during(100, 0, 0, 0), 2_100L, 0L, new Long[] {7L, 7L, 7L}));
    }

    @Test
    void hangsSlowAnswersNoRecoveryOrLostPurchasesAreRed() {
        assertEquals(Cell.RED, grade(during(100, 0, 0, 1), 2_000L, 0L, null));
        assertEquals(Cell.RED, grade(during(100, 0, 0, 0), 7_001L, 0L, null));
        assertEquals(Cell.RED, grade(during(100, 0, 0, 0), 2_000L, null, null));
        assertEquals(Cell.RED, grade(during(100, 0, 0, 0), 2_000L, 0L, new Long[] {7L, 8L, 8L}), "an order nobody was told about");
    }

    @Test
    void slowRecoveryWrongAnswersAndGrowthAreAmber() {
        assertEquals(Cell.AMBER, grade(during(100, 0, 0, 0), 2_000L, 5_001L, null));
        assertEquals(Cell.AMBER, grade(during(100, 0, 3, 0), 2_000L, 0L, null));
        assertEquals(Cell.AMBER, CellRunner.grade(during(1, 0, 0, 0), 1L, 6_000L, 0L, 40, 80, 100, 100, 30, 30, null, new ArrayList<>()));
    }

    @Test
    void aFigureThatCouldNotBeReadIsAmberNeverGreen() {
        List<String> notes = new ArrayList<>();
        assertEquals(Cell.AMBER, CellRunner.grade(during(100, 0, 0, 0), 2_000L, 6_000L, 0L, null, 41, 100, 101, 30, 30, null, notes));
        assertEquals(List.of("unmeasured: live threads"), notes);
        notes.clear();
        assertEquals(Cell.AMBER, CellRunner.grade(during(100, 0, 0, 0), 2_000L, null, 0L, 40, 41, 100, 101, null, 30, null, notes),
                "no limit read from the instance, no session count");
        assertEquals(List.of("unmeasured: the instance's answer limit (lab_answer_limit_seconds), server sessions"), notes);
        assertEquals(Cell.AMBER, grade(during(100, 0, 0, 0), 2_000L, 0L, new Long[] {7L, null, null}), "orders not readable");
        assertEquals(Cell.AMBER, grade(during(100, 0, 0, 0), null, 0L, null), "no answer overlapped the fault");
        assertEquals(Cell.RED, CellRunner.grade(during(100, 0, 0, 2), 2_000L, null, 0L, null, null, null, null, null, null, null,
                new ArrayList<>()), "a hang is red whatever else is missing");
    }

    @Test
    void recoveryEndsWithTheLastBadAnswer() {
        List<Sample> s = List.of(new Sample(0, 5, Outcome.UNAVAILABLE, 503, null, false), new Sample(6, 9, Outcome.HANG, 0, null, false),
                new Sample(7, 8, Outcome.OK, 200, null, false));
        assertEquals(9, CellRunner.lastBadEnd(s, 4));
        assertEquals(10, CellRunner.lastBadEnd(s, 10));
    }

    @Test
    void faultsByLetterOrName() {
        assertEquals(List.of(Fault.SILENT, Fault.SERVER_STOP), Fault.parse("b, server-stop"));
        assertThrows(IllegalArgumentException.class, () -> Fault.parse("z"));
    }

    @Test
    void thePageHasOneMatrixPerApp(@TempDir Path dir) throws Exception {
        Cell cell = new Cell("shop-jdbc", "shop", "jdbc", "b", "silent server", Cell.RED, 120L, during(1, 0, 0, 0),
                during(3, 0, 0, 2), 60.0, 0, 20_000L, 900L, 10_000L, null, new Integer[] {40, 40}, new Integer[] {90, null},
                new Integer[] {20, 20}, new Long[] {1L, 1L, 1L}, List.of("2 requests hung (no answer)"),
                new PurchaseTally(2, 1, 1, 0, 3));
        FaultsReport.write(dir, new FaultsReport.Run("x", "2026-01-01T00:00Z", null, "running", Map.of("connections", 50, "windowSeconds", 8, "shopTimeoutMs", 10_000L), List.of(cell)));
        String html = Files.readString(dir.resolve("index.html"));
        assertEquals(1, html.split("<h2>shop</h2>", -1).length - 1, html);
        assertEquals(true, html.contains("class=\"cell red\"") && html.contains("hang 2") && html.contains("2 requests hung"), html);
        assertEquals(true, html.contains("retries 3, lost acks recovered 1, unresolved 0"), html);
        assertEquals(true, html.contains("ok 60 %</strong> during the fault · fast 503s 0"), html);
        assertEquals("shop-jdbc", FaultsReport.read(dir).cells().getFirst().instance());
        assertEquals(new PurchaseTally(2, 1, 1, 0, 3), FaultsReport.read(dir).cells().getFirst().purchaseKeys());
    }

    @Test
    void theDashboardListsFaultRuns(@TempDir Path results) throws Exception {
        Files.createDirectories(results.resolve("faults-20260101-000000"));
        Files.writeString(results.resolve("faults-20260101-000000/index.html"), "<html></html>");
        var entry = lab.loadgen.dashboard.RunIndex.list(results).getFirst();
        assertEquals("faults", entry.profile());
        assertEquals(true, entry.hasReport());
    }
}
