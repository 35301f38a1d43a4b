package lab.loadgen.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import lab.loadgen.results.Point;
import lab.loadgen.results.Series;
import lab.report.Claim;
import lab.report.Spread;

/** The verdict rows, the thesis claims and the crossover, on fixed inputs. */
class VerdictTest {

    /** A point at {@code c} connections whose repetitions gave {@code rps}. */
    static Point point(int c, Double rtt, double... rps) {
        Spread s = Spread.of(rps);
        Point p = new Point(c, s.median(), 10.0, null, null, 0L, 50, 100.0, null, null, null, null, 100L, 10.0,
                null, null, 30.0, 10.0, 1.0, false, null, Map.of(), null, Map.of(), List.of(), null, null, "t");
        return new Point(p.concurrency(), p.requestsPerSec(), p.meanReplyMs(), null, null, 0L, 50, 100.0, null, null,
                null, null, 100L, 10.0, null, null, 30.0, 10.0, 1.0, false, null, Map.of(), null, Map.of(), List.of(),
                null, null, "t", p.littleConcurrency(), Map.of("requestsPerSec", s), List.of(), null, rtt, null, null, null);
    }

    static Series series(String app, String mode, Point... points) {
        return new Series(app, mode, "wrk", app + "-" + mode, "http://x/", List.of(points));
    }

    @Test
    void clearWinnerAndRatiosToJdbcWithTheirRange() {
        AppVerdict v = AppVerdict.of("portal", "wrk", List.of(
                series("portal", "jdbc", point(100, null, 90, 100, 110)),
                series("portal", "nonblocking", point(100, null, 180, 200, 220))));
        AppVerdict.Row row = v.rows().getFirst();
        assertEquals("nonblocking", row.summary());
        assertTrue(row.verdict().clear());
        Spread ratio = row.verdict().modes().get("nonblocking").ratio();
        assertEquals(2.0, ratio.median(), 1e-9);
        assertEquals(180 / 110.0, ratio.min(), 1e-9);
        assertEquals(220 / 90.0, ratio.max(), 1e-9);
        assertEquals("2.00× (1.64–2.44)", row.modes().get(1).ratio());
    }

    @Test
    void overlappingRangesGiveNoClearWinner() {
        AppVerdict v = AppVerdict.of("portal", "wrk", List.of(
                series("portal", "jdbc", point(100, null, 90, 100, 110)),
                series("portal", "virtual", point(100, null, 95, 105, 130))));
        AppVerdict.Row row = v.rows().getFirst();
        assertFalse(row.verdict().clear());
        assertEquals("no clear winner (virtual ≈ jdbc)", row.summary());
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
        assertEquals("78 ms (4.00× jdbc there)", c.getFirst().text());
    }

    @Test
    void everyModeAsAShareOfTheDatabaseCeiling() {
        Series ceiling = new Series("portal", "ceiling", "ceiling", "portal-ceiling", "-", List.of(point(100, null, 380, 400, 420)));
        AppVerdict v = AppVerdict.of("portal", "wrk", List.of(
                series("portal", "jdbc", point(100, null, 90, 100, 110)),
                series("portal", "nonblocking", point(100, null, 180, 200, 220))), ceiling);
        AppVerdict.Row row = v.rows().getFirst();
        assertEquals(400.0, row.ceiling().median());
        assertEquals("25 % of the ceiling", row.modes().get(0).ofCeiling());
        assertEquals("50 % of the ceiling", row.modes().get(1).ofCeiling());
    }

    @Test
    void noCrossoverSaysSo() {
        AppVerdict v = AppVerdict.of("shop", "wrk", List.of(
                series("shop", "jdbc", point(1000, 0.0, 100), point(1000, 78.0, 100)),
                series("shop", "virtual", point(1000, 0.0, 110), point(1000, 78.0, 140))));
        assertEquals("none up to 78 ms", Crossover.of(v).getFirst().text());
    }

    @Test
    void thesisClaimsFromTheRunsNumbers() {
        List<Series> portal = new ArrayList<>(List.of(
                series("portal", "jdbc", point(25, null, 90, 100, 110), point(500, null, 90, 100, 110)),
                series("portal", "threadpool", point(25, null, 120, 130, 140), point(500, null, 60, 70, 80)),
                series("portal", "nonblocking", point(25, null, 100, 110, 120), point(500, null, 140, 150, 160))));
        List<AppVerdict> verdicts = List.of(AppVerdict.of("portal", "wrk", portal));
        List<Claim> claims = ThesisClaims.of(verdicts);
        assertEquals(Claim.Status.REPRODUCED, claims.get(0).status(), claims.get(0).evidence());
        assertEquals(Claim.Status.REPRODUCED, claims.get(1).status(), claims.get(1).evidence());
        // 150 (140–160) ÷ 100 (90–110): low end 1.27 < 1.5
        assertEquals(Claim.Status.NOT_REPRODUCED, claims.get(2).status(), claims.get(2).evidence());
        assertEquals(Claim.Status.NOT_MEASURED, claims.get(3).status(), "no shop in this run");
        assertEquals("at 25 connections: threadpool 130 (120–140) vs jdbc 100 (90–110) req/s", claims.get(0).evidence());
    }

    @Test
    void overlappingRangesDoNotReproduceAClaim() {
        List<AppVerdict> verdicts = List.of(AppVerdict.of("portal", "wrk", List.of(
                series("portal", "jdbc", point(25, null, 90, 100, 125)),
                series("portal", "threadpool", point(25, null, 120, 130, 140)))));
        Claim c = ThesisClaims.of(verdicts).getFirst();
        assertEquals(Claim.Status.NOT_REPRODUCED, c.status());
        assertTrue(c.evidence().endsWith("(ranges overlap)"), c.evidence());
        assertEquals(Claim.Status.NOT_MEASURED, ThesisClaims.of(verdicts).get(1).status(), "no level past 400");
    }
}
