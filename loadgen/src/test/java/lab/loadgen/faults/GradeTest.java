package lab.loadgen.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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

    /** An effect of the fault that was seen: most grades below are about something else. */
    static final String SEEN = "3 answers not OK in the fault window";

    static String grade(Map<String, Integer> during, Long slowest, Long recovery, Long[] purchases) {
        return CellRunner.grade(during, SEEN, slowest, 6_000L, recovery, 40, 41, 100, 101, 30, 30, purchases, new ArrayList<>());
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
        assertEquals(Cell.AMBER, CellRunner.grade(during(1, 0, 0, 0), SEEN, 1L, 6_000L, 0L, 40, 80, 100, 100, 30, 30, null, new ArrayList<>()));
    }

    @Test
    void aFigureThatCouldNotBeReadIsAmberNeverGreen() {
        List<String> notes = new ArrayList<>();
        assertEquals(Cell.AMBER, CellRunner.grade(during(100, 0, 0, 0), SEEN, 2_000L, 6_000L, 0L, null, 41, 100, 101, 30, 30, null, notes));
        assertEquals(List.of("unmeasured: live threads"), notes);
        notes.clear();
        assertEquals(Cell.AMBER, CellRunner.grade(during(100, 0, 0, 0), SEEN, 2_000L, null, 0L, 40, 41, 100, 101, null, 30, null, notes),
                "no limit read from the instance, no session count");
        assertEquals(List.of("unmeasured: the instance's answer limit (lab_answer_limit_seconds), server sessions"), notes);
        assertEquals(Cell.AMBER, grade(during(100, 0, 0, 0), 2_000L, 0L, new Long[] {7L, null, null}), "orders not readable");
        assertEquals(Cell.AMBER, grade(during(100, 0, 0, 0), null, 0L, null), "no answer overlapped the fault");
        assertEquals(Cell.RED, CellRunner.grade(during(100, 0, 0, 2), SEEN, 2_000L, null, 0L, null, null, null, null, null, null, null,
                new ArrayList<>()), "a hang is red whatever else is missing");
    }

    static Sample answer(long startMs, long endMs, Outcome outcome) {
        return new Sample(startMs * 1_000_000, endMs * 1_000_000, outcome, outcome == Outcome.OK ? 200 : 503, null, false);
    }

    /** Fault window [10 s, 18 s]; before it answers took up to 300 ms. */
    static String effect(Fault fault, Integer killed, List<Sample> samples) {
        long t0 = 10_000_000_000L;
        long t1 = 18_000_000_000L;
        Long slowest = samples.stream().filter(s -> s.endNs() >= t0 && s.startNs() <= t1).mapToLong(Sample::millis).max().stream()
                .boxed().findFirst().orElse(null);
        return CellRunner.effect(fault, killed, samples, t0, t1, slowest, 300L);
    }

    @Test
    void aFaultWithNoEffectIsAmberNeverGreen() {
        // every answer in the window OK and about as fast as before: nothing shows the fault happened
        List<Sample> unharmed = List.of(answer(9_000, 9_300, Outcome.OK), answer(10_100, 10_400, Outcome.OK),
                answer(17_800, 18_500, Outcome.OK), answer(18_200, 18_300, Outcome.UNAVAILABLE));
        for (Fault proxied : List.of(Fault.SILENT, Fault.RESET, Fault.LATENCY, Fault.BANDWIDTH, Fault.SERVER_STOP)) {
            assertNull(effect(proxied, null, unharmed), proxied + ": the 503 came after the window");
        }
        assertNull(effect(Fault.KILL, 0, List.of(answer(10_100, 10_200, Outcome.UNAVAILABLE))), "a kill that killed 0 sessions");
        List<String> notes = new ArrayList<>();
        assertEquals(Cell.AMBER, CellRunner.grade(during(100, 0, 0, 0), null, 2_000L, 6_000L, 0L, 40, 41, 100, 101, 30, 30, null, notes),
                "otherwise green in every respect");
        assertEquals(List.of(CellRunner.NO_EFFECT), notes);
    }

    @Test
    void aFaultWithItsEffectShownCanBeGreen() {
        assertEquals("2 answers not OK in the fault window", effect(Fault.RESET, null, List.of(answer(9_000, 10_050, Outcome.UNAVAILABLE),
                answer(12_000, 12_100, Outcome.FAILED_PANEL), answer(12_000, 12_100, Outcome.OK))), "one began before the window, ended in it");
        assertEquals("slowest answer in the fault window 2300 ms, before it 300 ms",
                effect(Fault.LATENCY, null, List.of(answer(11_000, 13_300, Outcome.OK))));
        assertNull(effect(Fault.LATENCY, null, List.of(answer(11_000, 12_300, Outcome.OK))), "not slower than before + 1 s");
        // a load that queues: the slowest before (1,900 ms) hides the fault, the medians show it
        List<Sample> queued = List.of(answer(8_000, 8_400, Outcome.OK), answer(8_100, 8_500, Outcome.OK), answer(7_000, 8_900, Outcome.OK),
                answer(10_000, 12_400, Outcome.OK), answer(11_000, 13_300, Outcome.OK), answer(12_000, 14_500, Outcome.OK));
        assertEquals("median answer in the fault window 2400 ms, before it 400 ms", CellRunner.effect(Fault.LATENCY, null, queued,
                10_000_000_000L, 18_000_000_000L, 2_500L, 1_900L));
        List<Sample> oneSlow = new ArrayList<>(queued.subList(0, 3));
        oneSlow.addAll(List.of(answer(10_000, 10_400, Outcome.OK), answer(11_000, 13_400, Outcome.OK), answer(12_000, 12_500, Outcome.OK)));
        assertNull(CellRunner.effect(Fault.LATENCY, null, oneSlow, 10_000_000_000L, 18_000_000_000L, 2_400L, 1_900L),
                "one slow answer among three in the window: their median stays within 1 s of the one before");
        assertEquals("4 sessions killed", effect(Fault.KILL, 4, List.of(answer(11_000, 11_100, Outcome.OK))),
                "the pool replaced them unseen: the kill still happened");
        assertEquals(Cell.GREEN, CellRunner.grade(during(100, 5, 0, 0), "4 sessions killed", 2_000L, 6_000L, 0L, 40, 41, 100, 101, 30, 30,
                null, new ArrayList<>()));
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
        Cell cell = new Cell("shop-jdbc", "shop", "jdbc", "b", "silent server", Cell.RED, SEEN, 120L, during(1, 0, 0, 0),
                during(3, 0, 0, 2), 60.0, 0, 20_000L, 900L, 10_000L, null, new Integer[] {40, 40}, new Integer[] {90, null},
                new Integer[] {20, 20}, new Long[] {1L, 1L, 1L}, List.of("2 requests hung (no answer)"),
                new PurchaseTally(2, 1, 1, 0, 3), List.of("12:00:01 WARN shop: <b>database</b> gone"));
        FaultsReport.write(dir, new FaultsReport.Run("x", "2026-01-01T00:00Z", null, "running", Map.of("connections", 50, "windowSeconds", 8, "shopTimeoutMs", 10_000L), List.of(cell)));
        String html = Files.readString(dir.resolve("index.html"));
        assertEquals(1, html.split("<h2>shop</h2>", -1).length - 1, html);
        assertEquals(true, html.contains("class=\"cell red\"") && html.contains("hang 2") && html.contains("2 requests hung"), html);
        assertEquals(true, html.contains("retries 3, lost acks recovered 1, unresolved 0"), html);
        assertEquals(true, html.contains("effect: 3 answers not OK in the fault window"), html);
        assertEquals(true, html.contains("ok 60 %</strong> during the fault · fast 503s 0"), html);
        assertEquals("shop-jdbc", FaultsReport.read(dir).cells().getFirst().instance());
        assertEquals(new PurchaseTally(2, 1, 1, 0, 3), FaultsReport.read(dir).cells().getFirst().purchaseKeys());
        // the instance's log of the window, escaped, kept in faults.json too
        assertEquals(true, html.contains("its log during the fault (1 lines)") && html.contains("WARN shop: &lt;b&gt;database&lt;/b&gt; gone"), html);
        assertEquals(List.of("12:00:01 WARN shop: <b>database</b> gone"), FaultsReport.read(dir).cells().getFirst().log());
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
