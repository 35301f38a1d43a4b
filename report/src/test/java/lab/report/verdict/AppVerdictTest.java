package lab.report.verdict;

import static lab.report.results.Points.point;
import static lab.report.results.Points.rep;
import static lab.report.results.Points.series;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import lab.report.Spread;
import lab.report.load.Crossover;
import lab.report.results.Point;
import lab.report.results.Repetitions;
import lab.report.results.Series;
import org.junit.jupiter.api.Test;

/** The verdict rows, the thesis claims and the crossover, on fixed inputs. */
class AppVerdictTest {

    @Test
    void clearWinnerAndRatiosToJdbcWithTheirRange() {
        AppVerdict v = AppVerdict.of("portal", "wrk", List.of(
                series("portal", "jdbc", point(100, null, 90, 100, 110)),
                series("portal", "nonblocking", point(100, null, 180, 200, 220))));
        AppVerdict.Row row = v.rows().getFirst();
        assertEquals("nonblocking", row.summary());
        assertTrue(row.verdict().clear());
        // paired by round: 180/90, 200/100, 220/110 are 2.0 each time, so the interval is 2.0 wide of nothing
        Spread ratio = row.verdict().modes().get("nonblocking").ratio();
        assertEquals(2.0, ratio.median(), 1e-9);
        assertEquals(2.0, ratio.min(), 1e-9);
        assertEquals(2.0, ratio.max(), 1e-9);
        assertEquals("2.00× (2.00–2.00)", row.modes().get(1).ratio());
    }

    @Test
    void overlappingRangesGiveNoClearWinner() {
        AppVerdict v = AppVerdict.of("portal", "wrk", List.of(
                series("portal", "jdbc", point(100, null, 90, 100, 110)),
                series("portal", "virtual", point(100, null, 105, 95, 130))));
        AppVerdict.Row row = v.rows().getFirst();
        assertFalse(row.verdict().clear());
        assertEquals("no clear winner (virtual ≈ jdbc)", row.summary());
    }

    @Test
    void fastFailuresAreNotThroughputAndLowerOnlyTheFailingModesOwnGoodput() {
        // a mode whose database is gone answers 503s fast: its goodput is near 0 and it is flagged
        List<Point> failing = List.of(rep(10, 0.5, 12_000), rep(10, 0.4, 12_500), rep(10, 0.6, 11_900));
        Point down = Repetitions.aggregate(10, failing, true, null);
        assertTrue(down.requestsPerSec() < 1, "goodput " + down.requestsPerSec());
        assertTrue(down.errorRatePct() > 99, "error rate " + down.errorRatePct());
        assertTrue(down.hasFlag(Point.FLAG_ERRORS));
        AppVerdict v = AppVerdict.of("shop", "wrk", List.of(
                series("shop", "jdbc", point(10, null, 2000, 2020, 2040)),
                series("shop", "nonblocking", down)));
        AppVerdict.Row row = v.rows().getFirst();
        // errors lower the failing mode's own goodput: they do not keep jdbc from being ahead of it
        assertTrue(row.verdict().clear(), row.summary());
        assertEquals("jdbc", row.summary());
        assertTrue(row.modes().get(1).flags().contains("errors"), row.modes().get(1).flags());
        // and a mode with errors that still serves twice jdbc's successes is ahead: its failures are
        // not in its goodput (old rule: a mode with errors never won, however much it served)
        List<Point> noisy = List.of(rep(10, 4000, 1000), rep(10, 4100, 1000), rep(10, 4050, 1000));
        AppVerdict w = AppVerdict.of("shop", "wrk", List.of(
                series("shop", "jdbc", point(10, null, 2000, 2020, 2040)),
                series("shop", "nonblocking", Repetitions.aggregate(10, noisy, true, null))));
        assertTrue(w.rows().getFirst().verdict().clear(), w.rows().getFirst().summary());
        assertEquals("nonblocking", w.rows().getFirst().summary());
        assertTrue(w.rows().getFirst().modes().get(1).flags().contains("errors"), "the flag is still shown");
    }

    @Test
    void twoRepetitionsDecideNothing() {
        AppVerdict v = AppVerdict.of("portal", "wrk", List.of(
                series("portal", "jdbc", point(10, null, 100, 101)),
                series("portal", "nonblocking", point(10, null, 300, 301))));
        assertEquals("too few repetitions (jdbc: 2, 3 needed)", v.rows().getFirst().summary());
    }

    @Test
    void oneRowPerConcurrencyAndRtt() {
        AppVerdict v = AppVerdict.of("portal", "wrk", List.of(
                series("portal", "jdbc", point(200, 0.0, 500, 510, 520), point(200, 78.0, 48, 50, 52)),
                series("portal", "nonblocking", point(200, 0.0, 480, 500, 505), point(200, 78.0, 190, 200, 210))));
        assertEquals(List.of("200 connections, 0 ms RTT (proxies, no added latency)", "200 connections, 78 ms RTT"),
                v.rows().stream().map(AppVerdict.Row::label).toList());
        List<Crossover> c = Crossover.of(v);
        assertEquals(1, c.size());
        assertEquals(78.0, c.getFirst().rttMs());
        assertEquals("78 ms at 200 connections (4.00× (3.84–4.16) jdbc there)", c.getFirst().text());
    }

    @Test
    void everyModeAsAShareOfTheDbOnlyRateAndAboveItFlagged() {
        Series ceiling = new Series("portal", "ceiling", "ceiling", "portal-ceiling", "-", List.of(point(100, null, 180, 190, 195)));
        AppVerdict v = AppVerdict.of("portal", "wrk", List.of(
                series("portal", "jdbc", point(100, null, 90, 100, 110)),
                series("portal", "nonblocking", point(100, null, 180, 200, 220))), ceiling);
        AppVerdict.Row row = v.rows().getFirst();
        assertEquals(190.0, row.ceiling().median());
        assertEquals("53 % of the DB-only rate", row.modes().get(0).ofCeiling());
        assertEquals(null, row.modes().get(1).ofCeiling(), "above 100 %: no share printed");
        assertTrue(row.modes().get(1).flags().contains("above the DB-only rate"), row.modes().get(1).flags());
    }

    @Test
    void noCrossoverSaysSo() {
        AppVerdict v = AppVerdict.of("shop", "wrk", List.of(
                series("shop", "jdbc", point(1000, 0.0, 100), point(1000, 78.0, 100)),
                series("shop", "virtual", point(1000, 0.0, 110), point(1000, 78.0, 140))));
        assertEquals("none up to 78 ms", Crossover.of(v).getFirst().text());
    }

    private static Claim claim(List<Claim> claims, String start) {
        return claims.stream().filter(c -> c.claim().startsWith(start)).findFirst().orElseThrow();
    }

    @Test
    void thesisClaimsOffTheThesisLinkSaySo() {
        List<Series> portal = new ArrayList<>(List.of(
                series("portal", "jdbc", point(25, null, 90, 100, 110), point(500, null, 90, 100, 110)),
                series("portal", "threadpool", point(25, null, 120, 130, 140), point(500, null, 70, 60, 80)),
                series("portal", "nonblocking", point(25, null, 100, 110, 120), point(500, null, 140, 150, 160))));
        List<Claim> claims = LoadClaims.of(List.of(AppVerdict.of("portal", "wrk", portal)));
        Claim low = claim(claims, "Thread-pool outperforms");
        assertEquals(Claim.Status.REPRODUCED, low.status(), low.evidence());
        assertEquals("at the lab's link when the run started, RTT not known: not known to be the thesis' link "
                + "(run PROFILE=thesis, or RTTS=0.19), at 25 connections: threadpool 130 (120–140) vs jdbc 100 (90–110) successes/s",
                low.evidence());
        assertTrue(low.offThesisSetting(), "off the thesis' link in its status, not only in its text");
        Claim degrades = claim(claims, "Thread-pool degrades");
        assertEquals(Claim.Status.REPRODUCED, degrades.status(), degrades.evidence());
        // 150 (140–160) ÷ 100 (90–110): the interval straddles 1.5, so it is neither
        Claim dramatic = claim(claims, "Non-blocking improves");
        assertEquals(Claim.Status.INCONCLUSIVE, dramatic.status(), dramatic.evidence());
        assertEquals(Claim.Status.NOT_MEASURED, claim(claims, "A fair thread-pool").status());
        assertEquals(Claim.Status.NOT_MEASURED, claim(claims, "Thread-pool scales").status(), "no shop in this run");
    }

    @Test
    void claimsPreferTheThesisLink() {
        List<Claim> claims = LoadClaims.of(List.of(AppVerdict.of("portal", "wrk", List.of(
                // loopback says threadpool wins; lan says jdbc does: lan decides
                series("portal", "jdbc", point(25, 0.0, 90, 100, 110), point(25, 0.19, 200, 205, 210)),
                series("portal", "threadpool", point(25, 0.0, 150, 155, 160), point(25, 0.19, 100, 105, 110))))));
        Claim low = claim(claims, "Thread-pool outperforms");
        assertEquals(Claim.Status.NOT_REPRODUCED, low.status(), low.evidence());
        assertTrue(low.evidence().startsWith("on the thesis' link (lan: 0.19 ms asked, RTT not measured"), low.evidence());
        assertFalse(low.offSetting().contains("off the thesis' link"), low.offSetting());
    }

    @Test
    void overlappingRangesAreInconclusiveNotNotReproduced() {
        List<AppVerdict> verdicts = List.of(AppVerdict.of("portal", "wrk", List.of(
                series("portal", "jdbc", point(25, null, 100, 90, 125)),
                series("portal", "threadpool", point(25, null, 120, 130, 140)))));
        Claim c = claim(LoadClaims.of(verdicts), "Thread-pool outperforms");
        assertEquals(Claim.Status.INCONCLUSIVE, c.status());
        assertTrue(c.evidence().contains("— no clear winner (threadpool ≈ jdbc); to decide: about "), c.evidence());
        assertEquals(Claim.Status.NOT_MEASURED, claim(LoadClaims.of(verdicts), "Thread-pool degrades").status(),
                "no level past 400");
    }

    @Test
    void shopJdbcOnTheEventLoopAndErrorsAtHighLoad() {
        List<Claim> claims = LoadClaims.of(List.of(AppVerdict.of("shop", "wrk", List.of(
                series("shop", "jdbc", point(1000, null, 900, 950, 1000)),
                series("shop", "threadpool", point(1000, null, 2000, 2100, 2200)),
                series("shop", "nonblocking", point(1000, null, 3000, 3100, 3200))))));
        Claim loop = claim(claims, "JDBC on the Netty event loop");
        assertEquals(Claim.Status.REPRODUCED, loop.status(), loop.evidence());
        // the thesis reports no errors of the shop (4.3): its errors claim is the portal's alone
        Claim errors = claim(claims, "Non-blocking access fails requests");
        assertEquals(Claim.Status.NOT_MEASURED, errors.status(), errors.evidence());
        assertTrue(errors.claim().contains("portal"), errors.claim());
    }

    @Test
    void aModeNoRoundOfItsScenarioListsIsComparedUnpaired() {
        // loadgen's fair pass: threadpool-fair ran after the rounds of jdbc and threadpool, on its own
        List<Series> s = List.of(series("portal", "jdbc", point(100, null, 90, 100, 110)),
                series("portal", "threadpool-fair", point(100, null, 180, 200, 220)));
        List<lab.report.results.Run.Round> rounds = List.of(
                new lab.report.results.Run.Round("portal", null, 100, "wrk", 1, List.of("jdbc", "threadpool")));
        Verdict.Entry paired = AppVerdict.of("portal", "wrk", s, null, null).rows().getFirst().verdict().modes().get("threadpool-fair");
        Verdict.Entry apart = AppVerdict.of("portal", "wrk", s, null, rounds).rows().getFirst().verdict().modes().get("threadpool-fair");
        assertEquals(3, paired.byRound().size());
        assertTrue(apart.byRound().isEmpty(), String.valueOf(apart.byRound()));
        // round by round the ratio is 2.0 every time; apart, the spread of each side widens its interval
        assertEquals(2.0, paired.ratio().max(), 1e-9);
        assertTrue(apart.ratio().max() > 2.1, String.valueOf(apart.ratio()));
    }
}
