package lab.loadgen.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Purchases counted by key: a retried purchase counts once, a replayed answer is a recovered acknowledgement. */
class PurchaseTallyTest {

    private static Sample buy(String key, int status, boolean replayed) {
        Outcome outcome = status == 200 || status == 409 ? Outcome.OK : status == 503 ? Outcome.UNAVAILABLE
                : status == 0 ? Outcome.HANG : Outcome.ERROR;
        return new Sample(0, 1, outcome, status, key, replayed);
    }

    @Test
    void eachKeyCountsOnceWhateverItsAttempts() {
        List<Sample> samples = List.of(
                new Sample(0, 1, Outcome.OK, 200, null, false),           // a read
                buy("a", 200, false),                                      // bought at once
                buy("b", 0, false), buy("b", 503, false), buy("b", 200, true), // answer lost, then found placed
                buy("c", 503, false), buy("c", 200, false),               // refused, then bought on retry
                buy("d", 409, false),                                      // out of stock: definitive, not bought
                buy("e", 0, false), buy("e", 500, false));                 // never settled
        PurchaseTally tally = PurchaseTally.of(samples);
        assertEquals(new PurchaseTally(5, 3, 1, 1, 4), tally);
    }

    @Test
    void onlyTwoHundredAndFourHundredsSettleAPurchase() {
        assertTrue(buy("k", 200, false).settled());
        assertTrue(buy("k", 409, false).settled());
        assertFalse(buy("k", 503, false).settled());
        assertFalse(buy("k", 502, false).settled());
        assertFalse(buy("k", 0, false).settled());
        assertFalse(new Sample(0, 1, Outcome.OK, 200, null, false).settled(), "a read is no purchase");
    }

    @Test
    void aRunFromBeforeRetriesStillReads(@TempDir Path dir) throws Exception {
        // faults.json as the previous version wrote it: no purchaseKeys in the cell
        Files.writeString(dir.resolve(FaultsReport.JSON), """
                {"id":"old","started":"2026-01-01T00:00Z","finished":null,"status":"done",
                 "settings":{"connections":50,"windowSeconds":8},
                 "cells":[{"instance":"shop-virtual","app":"shop","mode":"virtual","fault":"c","faultLabel":"connections reset",
                   "grade":"red","firstErrorMs":5,"baseline":{"ok":10},"during":{"ok":9,"unavailable":1},"slowestMs":20,
                   "baselineSlowestMs":10,"limitMs":10000,"recoveryMs":0,"threads":[40,40],"openFiles":[90,90],
                   "serverConns":[20,20],"purchases":[1302,1304,1304],"notes":["purchases: 1302 confirmed"]}]}
                """);
        FaultsReport.Run run = FaultsReport.read(dir);
        assertNull(run.cells().getFirst().purchaseKeys());
        String html = FaultsReport.html(run);
        assertTrue(html.contains("bought 1302") || html.contains("bought 1,302"), html);
        assertFalse(html.contains("lost acks"), html);
        assertTrue(html.contains("1 cells: 0 green, 0 amber, 1 red; not green: shop-virtual (c) red."), "the page's one-line answer");
    }
}
