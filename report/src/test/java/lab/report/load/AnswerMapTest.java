package lab.report.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import lab.report.results.Cost;
import lab.report.results.Point;
import lab.report.results.Points;
import lab.report.results.Repetitions;
import lab.report.results.Series;
import lab.report.verdict.AppVerdict;
import lab.report.verdict.Flags;
import org.junit.jupiter.api.Test;

/** The map's cells, crossover and sentence on fixed points: CPU decides at 0 ms, the round trip past it. */
class AnswerMapTest {

    /** Repetitions of goodput {@code rps} with the app's CPU at {@code cpuPct} % of the machine and p99 {@code p99}. */
    static Point point(int c, double rtt, double cpuPct, double p99, double... rps) {
        List<Point> reps = Arrays.stream(rps).mapToObj(v -> {
            Point base = Points.rep(c, v, 0);
            return new Point(base.concurrency(), base.requestsPerSec(), base.meanReplyMs(), null, p99, 0L, 50, 100.0,
                    null, null, null, null, base.requests(), 10.0, null, null, cpuPct, 10.0, 1.0, false, null, Map.of(),
                    null, Map.of(), List.of(), null, null, "t", base.littleConcurrency(), null, null, null, rtt, null,
                    null, null, base.successes(), base.answersPerSec(), 0.0, null, "successes", null, base.queue());
        }).toList();
        return Repetitions.aggregate(c, reps, true, rtt);
    }

    static Series series(String mode, Point... points) {
        return new Series("portal", mode, "wrk", "portal-" + mode, "http://x/", List.of(points));
    }

    static AnswerMap map() {
        List<Series> series = List.of(
                series("jdbc",
                        point(20, 0.0, 90, 30, 400, 410, 420), point(200, 0.0, 95, 300, 500, 510, 520),
                        point(20, 20.0, 20, 300, 60, 62, 64), point(200, 20.0, 30, 2500, 80, 81, 82)),
                series("nonblocking",
                        point(20, 0.0, 95, 28, 390, 405, 425), point(200, 0.0, 98, 280, 505, 515, 525),
                        point(20, 20.0, 60, 40, 300, 310, 320), point(200, 20.0, 99, 500, 480, 490, 500)));
        return AnswerMap.of(AppVerdict.of("portal", "wrk", series), series, 2);
    }

    @Test
    void cellsByGoodputWithTheRuleGreyWhereItFindsNoWinner() {
        AnswerMap m = map();
        assertEquals(List.of(20, 200), m.levels());
        assertEquals(List.of(0.0, 20.0), m.rtts());
        AnswerMap.Cell cpuBound = m.at("goodput", 200, 0.0).orElseThrow();
        assertFalse(cpuBound.clear(), "515 vs 510: within 5 %");
        assertEquals("nonblocking", cpuBound.best());
        assertEquals("the rule cannot separate nonblocking from jdbc", cpuBound.reason());
        AnswerMap.Cell far = m.at("goodput", 200, 20.0).orElseThrow();
        assertEquals(AnswerMap.Cell.ASYNC, far.answer());
        assertEquals("nonblocking", far.winner());
        assertEquals("490 (480–500)", far.value());
        // the ratio per round (the rounds ran both modes), its geometric mean
        double geo = Math.exp((Math.log(480 / 80.0) + Math.log(490 / 81.0) + Math.log(500 / 82.0)) / 3);
        assertEquals(geo, far.ratioMedian(), 1e-9);
    }

    @Test
    void aCellSaysWhatTheServerAndTheDriverEachContribute() {
        List<Series> series = List.of(
                series("jdbc", point(20, 0.0, 90, 30, 400, 410, 420), point(200, 0.0, 95, 300, 500, 510, 520),
                        point(20, 20.0, 20, 300, 60, 62, 64), point(200, 20.0, 30, 2500, 80, 81, 82)),
                series("reactive", point(20, 0.0, 95, 28, 390, 405, 425), point(200, 0.0, 98, 280, 800, 810, 820),
                        point(20, 20.0, 60, 40, 300, 310, 320), point(200, 20.0, 99, 500, 480, 490, 500)),
                series("webflux-vertx", point(20, 0.0, 95, 28, 390, 405, 425), point(200, 0.0, 98, 280, 1000, 1010, 1020),
                        point(20, 20.0, 60, 40, 300, 310, 320), point(200, 20.0, 99, 500, 480, 490, 500)),
                series("webflux", point(20, 0.0, 95, 28, 390, 405, 425), point(200, 0.0, 98, 280, 700, 705, 710),
                        point(20, 20.0, 60, 40, 300, 310, 320), point(200, 20.0, 99, 500, 485, 490, 495)));
        AnswerMap m = AnswerMap.of(AppVerdict.of("portal", "wrk", series), series, 2);

        String zero = m.at("goodput", 200, 0.0).orElseThrow().stackParts();
        assertTrue(zero.startsWith("server (on Vert.x): WebFlux ÷ MVC 1.25× ("), zero);
        assertTrue(zero.contains("), WebFlux ahead · driver (on WebFlux): R2DBC ÷ Vert.x 0.70× ("), zero);
        assertTrue(zero.endsWith("), Vert.x ahead"), zero);
        String far = m.at("goodput", 200, 20.0).orElseThrow().stackParts();
        assertTrue(far.contains("R2DBC ÷ Vert.x 1.00× (") && far.endsWith("no difference the rule can tell"), far);
        assertNull(map().at("goodput", 200, 0.0).orElseThrow().stackParts(), "no pair that differs in one part only");
    }

    @Test
    void theSentenceAnswersFromTheCells() {
        assertEquals("Portal: asynchronous access serves more than jdbc in 2 of 4 cells, 2 cells have no clear answer. "
                + "At 20 ms and 200 connections nonblocking serves 6.05× (5.86–6.25) jdbc; from 20 ms at 20 connections "
                + "it is at least 1.5× jdbc. At 0 ms (the proxy hop) and 200 connections the rule cannot separate "
                + "nonblocking from jdbc (nonblocking: 1.01× (1.01–1.01) jdbc).", map().sentence());
    }

    @Test
    void aThirdModeThatCannotDecideDoesNotSilenceTheAnswerAgainstJdbc() {
        List<Series> series = List.of(
                series("jdbc", point(20, 0.0, 90, 30, 400, 410, 420), point(200, 0.0, 95, 300, 500, 510, 520),
                        point(20, 20.0, 20, 300, 60, 62, 64), point(200, 20.0, 30, 2500, 80, 81, 82)),
                series("nonblocking", point(20, 0.0, 95, 28, 390, 405, 425), point(200, 0.0, 98, 280, 505, 515, 525),
                        point(20, 20.0, 60, 40, 300, 310, 320), point(200, 20.0, 99, 500, 480, 490, 500)),
                series("virtual", point(200, 20.0, 50, 900, 150, 160)));
        AppVerdict v = AppVerdict.of("portal", "wrk", series);
        AnswerMap m = AnswerMap.of(v, series, 2);
        AnswerMap.Cell far = m.at("goodput", 200, 20.0).orElseThrow();
        // the cell asks blocking or asynchronous: nonblocking against jdbc answers it, virtual's two
        // repetitions only leave its place in the ranking open
        assertEquals("nonblocking", far.winner());
        assertEquals("nonblocking ? virtual", far.ranking());
        assertTrue(m.sentence().contains("At 20 ms and 200 connections nonblocking serves 6.05× (5.86–6.25) jdbc"),
                m.sentence());
        assertTrue(m.crossover().stream().anyMatch(c -> c.mode().equals("nonblocking") && Double.valueOf(20.0).equals(c.rttMs())),
                m.crossover().toString());
    }

    @Test
    void theWinnerByCpuPerRequestCanDifferAndThePageSaysSo() {
        AnswerMap m = map();
        // at 20 connections and 20 ms jdbc spends 20 % of 2 cores for 62/s, nonblocking 60 % for 310/s
        AnswerMap.Cell cpu = m.at("cpu", 20, 20.0).orElseThrow();
        assertEquals("nonblocking", cpu.winner());
        AnswerMap.Cell p99 = m.at("p99", 200, 20.0).orElseThrow();
        assertEquals("nonblocking", p99.winner());
        assertTrue(m.disagreements().isEmpty(), m.disagreements().toString());
    }

    @Test
    void tiedAsynchronousModesAreNamedTogetherAndALossIsShown() {
        List<Series> series = List.of(
                series("jdbc", point(200, 0.0, 90, 400, 410, 420), point(200, 78.0, 30, 2500, 48, 50, 52),
                        point(20, 0.0, 90, 400, 410, 420)),
                series("nonblocking", point(200, 0.0, 95, 28, 900, 910, 920), point(200, 78.0, 30, 250, 780, 785, 790),
                        point(20, 0.0, 90, 400, 410, 420)),
                series("reactive", point(200, 0.0, 95, 28, 880, 915, 930), point(200, 78.0, 30, 250, 770, 790, 800)),
                series("virtual", point(200, 0.0, 95, 28, 600, 610, 620), failed(200, 78.0)));
        AnswerMap m = AnswerMap.of(AppVerdict.of("portal", "wrk", series), series, 2);
        AnswerMap.Cell wan = m.at("goodput", 200, 78.0).orElseThrow();
        assertEquals("reactive ≈ nonblocking", wan.winner());
        assertEquals(List.of("virtual"), wan.losses());
        AnswerMap.Cell zero = m.at("goodput", 200, 0.0).orElseThrow();
        assertEquals("reactive ≈ nonblocking > virtual", zero.ranking());
    }

    @Test
    void aColumnNeverReadsANegativeLinkWhenItsReferenceWasNotAtRest() {
        // the map's first probes (0 ms column, direct query) read 0.76-0.77 ms; the lan column's 0.30 ms
        List<Series> series = List.of(series("jdbc", point(20, 0.0, 90, 30, 400).withLinkRtt(0.76, null),
                point(20, 0.19, 90, 30, 400).withLinkRtt(0.30, null)));
        String lan = AnswerMap.rttLabel(0.19, series, 0.77, Map.of());
        assertTrue(lan.contains("SELECT 1 at rest: 0.30 ms (the proxy hop's own probes read 0.76 ms: not at rest)"), lan);
        assertTrue(AnswerMap.rttLabel(0.19, series, 0.21, Map.of()).endsWith("(+0.09 ms over a direct query)"));
    }

    @Test
    void aCalibratedColumnSaysWhatItsCalibrationMeasured() {
        List<Series> series = List.of(series("jdbc", point(20, 0.0, 90, 30, 400).withLinkRtt(0.11, null),
                point(20, 0.19, 90, 30, 400).withLinkRtt(0.22, null)));
        var calibrated = new java.util.LinkedHashMap<String, Double>();
        calibrated.put("contacts_mysql", 0.192);
        calibrated.put("contacts_pg", 0.18);
        assertEquals("0.19 ms (lan, the thesis' 1 GbE) · SELECT 1 at rest: 0.22 ms (+0.14 ms over a direct query) · calibrated: "
                + "contacts_mysql +0.192, contacts_pg +0.180 ms per query over loopback", AnswerMap.rttLabel(0.19, series, 0.08, calibrated));
    }

    @Test
    void aJdbcThatAnsweredNothingLosesWithoutAnInfiniteRatio() {
        List<Series> series = List.of(
                series("jdbc", point(1000, 0.0, 90, 400, 410, 420), failed(1000, 78.0), point(50, 0.0, 90, 400, 410, 420)),
                series("nonblocking", point(1000, 0.0, 95, 28, 900, 910, 920), point(1000, 78.0, 30, 250, 2400, 2500, 2600),
                        point(50, 0.0, 90, 400, 410, 420)));
        AnswerMap m = AnswerMap.of(AppVerdict.of("shop", "wrk", series), series, 2);
        AnswerMap.Cell wan = m.at("goodput", 1000, 78.0).orElseThrow();
        assertEquals(AnswerMap.Cell.ASYNC, wan.answer());
        assertEquals("nonblocking", wan.winner());
        assertEquals(List.of("jdbc"), wan.losses());
        assertEquals(null, wan.ratio(), "no '∞ (∞–∞)': the loss line says jdbc served nothing");
        assertTrue(m.sentence().contains("At 78 ms and 1000 connections nonblocking answers while jdbc failed in every repetition"),
                m.sentence());
    }

    @Test
    void asynchronousModesLessThanTenPercentApartAreNamedTogetherEvenWhereTheRuleSeparatesThem() {
        // nonblocking 7 % ahead of reactive, 25 % ahead of virtual, each separated by the rule; all far ahead of jdbc
        List<Series> series = List.of(
                series("jdbc", point(200, 0.19, 90, 400, 100, 101, 102, 100, 101), point(20, 0.0, 90, 400, 410, 420)),
                series("nonblocking", point(200, 0.19, 95, 28, 1070, 1071, 1072, 1070, 1071),
                        point(20, 0.0, 90, 400, 410, 420)),
                series("reactive", point(200, 0.19, 95, 28, 1000, 1001, 1002, 1000, 1001)),
                series("virtual", point(200, 0.19, 95, 28, 856, 857, 858, 856, 857)));
        AnswerMap.Cell c = AnswerMap.of(AppVerdict.of("portal", "wrk", series), series, 2).at("goodput", 200, 0.19)
                .orElseThrow();
        assertEquals("nonblocking > reactive > virtual", c.ranking());
        assertEquals("nonblocking ≈ reactive", c.winner());
    }

    @Test
    void aModeIsLeftOutOfTheWinnersOnlyWhenTheRuleShowsItAtLeastTenPercentBehind() {
        // reactive's median 13 % ahead of nonblocking's, separated by the rule, but its interval reaches
        // below 1.10; virtual 25 % behind with a tight interval
        List<Series> series = List.of(
                series("jdbc", point(200, 0.19, 90, 400, 100, 101, 102, 100, 101), point(20, 0.0, 90, 400, 410, 420)),
                series("reactive", point(200, 0.19, 95, 28, 1100, 1180, 1250, 1130, 1140),
                        point(20, 0.0, 90, 400, 410, 420)),
                series("nonblocking", point(200, 0.19, 95, 28, 1000, 1010, 990, 1000, 1005)),
                series("virtual", point(200, 0.19, 95, 28, 856, 857, 858, 856, 857)));
        AnswerMap.Cell c = AnswerMap.of(AppVerdict.of("portal", "wrk", series), series, 2).at("goodput", 200, 0.19)
                .orElseThrow();
        assertEquals("reactive > nonblocking > virtual", c.ranking(), "the rule separates them");
        assertEquals("reactive ≈ nonblocking", c.winner());
    }

    @Test
    void jdbcAheadOfEveryAsynchronousModeIsBlockingsAnswer() {
        List<Series> series = List.of(
                series("jdbc", point(20, 0.0, 90, 30, 800, 810, 820), point(20, 20.0, 90, 30, 800, 810, 820),
                        point(200, 0.0, 90, 30, 800, 810, 820)),
                series("virtual", point(20, 0.0, 95, 28, 500, 505, 510), point(20, 20.0, 95, 28, 500, 505, 510)),
                series("nonblocking", point(20, 0.0, 95, 28, 600, 610, 620), point(20, 20.0, 95, 28, 600, 610, 620)));
        AnswerMap.Cell c = AnswerMap.of(AppVerdict.of("portal", "wrk", series), series, 2).at("goodput", 20, 0.0)
                .orElseThrow();
        assertEquals(AnswerMap.Cell.BLOCKING, c.answer());
        assertEquals("jdbc", c.winner());
    }

    @Test
    void eachModeKeepsAShareOfItsOwnZeroMsGoodputAndOfItsConnectionBound() {
        List<Series> series = List.of(
                series("jdbc", point(200, 0.0, 90, 400, 800, 810, 820), withPool(point(200, 78.0, 30, 2500, 48, 50, 52), 78.0)),
                series("nonblocking", point(200, 0.0, 95, 28, 900, 910, 920), point(200, 78.0, 30, 250, 880, 890, 900)));
        List<KeptShare> kept = KeptShare.of("portal", series, 200, List.of(0.0, 78.0), 2);
        assertEquals(List.of("100 %", "6 %"), kept.get(0).ofZero(), "jdbc keeps 50 of 810");
        // 20 connections ÷ (5 queries on the busiest source × 78 ms) = 51.3 pages/s
        assertEquals("98 % of 51/s", kept.get(0).ofBound().get(1), "50 of 51.3");
        assertEquals(List.of("100 %", "98 %"), kept.get(1).ofZero());
        assertEquals("—", kept.get(1).ofBound().get(1), "no pool size known: no bound");
    }

    @Test
    void theCpuCeilingSaysTheLeastMeanReplyTheConnectionsCanSee() {
        // 1,240 pages/s at 1.6 ms of the machine's CPU a page: 1.98 of 2 cores busy
        Point busy = withParts(withPool(point(200, 78.0, 60, 300, 1230, 1240, 1250), 80.0),
                Map.of("app", 0.6, "toxiproxy (link)", 0.4, "mariadb", 0.3, "postgresql", 0.2, "rest", 0.1));
        List<KeptShare> kept = KeptShare.of("portal", List.of(series("nonblocking", busy)), 200, List.of(78.0), 2);
        // 2 cores ÷ 1.6 ms = 1,250/s; 200 connections ÷ 1,250/s = 160 ms = 2.0 round trips of 80 ms
        assertEquals("CPU-bound: 1.60 ms of the machine's CPU a page on 2 cores, at most 1,250/s, so a mean reply ≥ 160 ms (2.0 RTT)",
                kept.get(0).cpu().get(0));
        // 50 pages/s at 6 ms a page: 0.3 of 2 cores, background included: no ceiling drawn from it
        Point idle = withParts(withPool(point(200, 78.0, 60, 300, 49, 50, 51), 80.0), Map.of("app", 3.0, "rest", 3.0));
        assertEquals("the machine's CPU 15 % busy: not what bounds it", KeptShare.cpuCeiling(idle, 200, 2));
        assertEquals("", KeptShare.of("portal", List.of(series("nonblocking", busy)), 200, List.of(78.0), 0).get(0).cpu().get(0),
                "no core count: no ceiling");
        Point unsplit = point(200, 78.0, 60, 300, 1230, 1240, 1250);
        assertEquals("", KeptShare.cpuCeiling(unsplit, 200, 2), "no CPU split by part: no ceiling");
    }

    @Test
    void whereTheCoresBoundAPointTheCellSaysTheShareOfTheZeroMsGoodputTheyAllowAndWhatMovedTheCpu() {
        // 0 ms: 2,000 pages/s at 0.95 ms a page (1.9 of 2 cores); 78 ms: 1,540/s at 1.20 ms (1.85 cores)
        Point zero = withParts(point(200, 0.0, 60, 300, 1990, 2000, 2010),
                Map.of("app", 0.36, "toxiproxy (link)", 0.15, "postgresql", 0.15, "mariadb", 0.2, "rest", 0.09));
        Point far = withParts(withPool(point(200, 78.0, 60, 300, 1530, 1540, 1550), 79.0),
                Map.of("app", 0.41, "toxiproxy (link)", 0.27, "postgresql", 0.2, "mariadb", 0.23, "rest", 0.09));
        List<KeptShare> kept = KeptShare.of("portal", List.of(series("reactive", zero, far)), 200, List.of(0.0, 78.0), 2);
        assertEquals("", kept.get(0).cap().get(0), "0 ms is what the others are set against");
        // 2 cores ÷ 1.20 ms = 1,667/s = 83 % of 2,000; the rest did not move and is left out
        assertEquals("on 2 cores at most 83 % of its 0 ms goodput: the machine's CPU a page 1.20 ms, +0.25 over 0 ms"
                + " (toxiproxy (link) +0.12, app +0.05, postgresql +0.05, mariadb +0.03)", kept.get(0).cap().get(1));
        Point slow = withParts(withPool(point(200, 78.0, 60, 300, 190, 200, 210), 79.0), Map.of("app", 1.0, "rest", 0.2));
        assertEquals("", KeptShare.shareCap(slow, zero, 2), "0.24 of 2 cores busy: the CPU caps nothing");
        assertEquals("", KeptShare.shareCap(far, point(200, 0.0, 60, 300, 2000), 2), "0 ms without its CPU split: no cap");
        Point cheaper = withParts(withPool(point(200, 78.0, 60, 300, 2040, 2050, 2060), 79.0), Map.of("app", 0.3, "rest", 0.6));
        // largest change first; equal ones by name
        assertEquals("on 2 cores its 0 ms goodput fits: the machine's CPU a page 0.90 ms, -0.05 over 0 ms"
                + " (rest +0.51, mariadb -0.20, postgresql -0.15, toxiproxy (link) -0.15, app -0.06)",
                KeptShare.shareCap(cheaper, zero, 2), "a CPU per page that did not grow caps nothing");
    }

    @Test
    void theMedianReplyIsCountedInRoundTripsFromAMillisecond() {
        Point far = withP50(withPool(point(200, 78.0, 60, 300, 1240), 80.0), 152.0);
        assertEquals("median 1.90 RTT", KeptShare.medianInRtts(far));
        assertEquals("", KeptShare.medianInRtts(withP50(withPool(point(200, 0.19, 60, 300, 1240), 0.21), 100.0)),
                "below a millisecond a reply is no count of round trips");
    }

    static Point withParts(Point p, Map<String, Double> parts) {
        return copy(p, p.p50Ms(), p.rttMeasuredMs(), p.dbConnections(), p.multiplexing(), new Cost(null, null, null, null, null, parts));
    }

    static Point withP50(Point p, double p50) {
        return copy(p, p50, p.rttMeasuredMs(), p.dbConnections(), p.multiplexing(), p.cost());
    }

    private static Point copy(Point p, Double p50, Double rttMeasured, Map<String, Integer> dbConnections, Boolean multiplexing,
                              Cost cost) {
        return new Point(p.concurrency(), p.requestsPerSec(), p.meanReplyMs(), p50, p.p99Ms(), p.errors(),
                p.serverThreads(), p.serverHeapMb(), p.p75Ms(), p.p90Ms(), p.p999Ms(), p.maxMs(), p.requests(),
                p.durationSec(), p.targetRate(), p.achievedConcurrency(), p.serverCpuPct(), p.loadToolCpuPct(),
                p.loadToolCpuSec(), p.loadToolSaturated(), p.saturationReason(), p.errorDetail(), p.failedPanels(),
                p.unmeasured(), p.flags(), p.error(), p.raw(), p.started(), p.littleConcurrency(), p.spread(),
                p.repetitions(), p.interference(), p.rttMs(), rttMeasured, dbConnections, multiplexing,
                p.successes(), p.answersPerSec(), p.errorRatePct(), p.failureMeanMs(), p.latencyOf(), cost, p.queue());
    }

    /** The point with 20 connections per source, not pipelined, and the link measured at {@code rtt}. */
    static Point withPool(Point p, double rtt) {
        return copy(p, p.p50Ms(), rtt, Map.of("contacts-mysql", 20, "logs-pg", 20), false, p.cost());
    }

    @Test
    void flagsAreSaidInWords() {
        assertEquals("no decision: nonblocking — other processes took the CPU while it ran; its repetitions still trend "
                + "one way (not steady)", Flags.inWords("nonblocking flagged: interference, notSteady"));
        assertEquals("no decision: too few repetitions (jdbc: 2, 3 needed)",
                Flags.inWords("too few repetitions (jdbc: 2, 3 needed)"));
    }

    /** A point whose every repetition failed. */
    static Point failed(int c, double rtt) {
        Point f = new Point(c, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, false, null, Map.of(), null, Map.of("all", "no answer"),
                List.of(Point.FLAG_FAILED), "no answer", null, "t");
        return Repetitions.aggregate(c, List.of(f, f, f), true, rtt);
    }

    @Test
    void aFlaggedModeFarAheadOfTheCleanBestHidesTheWinner() {
        // the shop at 78 ms and 1,000 connections: jdbc failed, nonblocking not steady at ten times virtual's goodput
        List<Series> series = List.of(
                series("jdbc", failed(1000, 78.0), point(50, 0.0, 90, 20, 2500, 2510, 2520)),
                series("nonblocking", point(1000, 78.0, 20, 900, 4566, 3315, 2747), point(50, 0.0, 90, 20, 2700, 2710, 2720)),
                series("virtual", point(1000, 78.0, 10, 4000, 267, 267, 272), point(50, 0.0, 90, 20, 2600, 2610, 2620)));
        AnswerMap.Cell c = AnswerMap.of(AppVerdict.of("portal", "wrk", series), series, 2).at("goodput", 1000, 78.0).orElseThrow();
        assertFalse(c.clear(), "virtual is not the winner: " + c);
        assertEquals("nonblocking", c.best());
        assertEquals("no decision: nonblocking — its repetitions still trend one way (not steady), and it measured "
                + "ahead of virtual: measure nonblocking again", c.reason());
    }

    @Test
    void rangesApartWithMediansFarApartAnswerWhereThreeRoundsGiveAWideInterval() {
        // the portal at lan and 200 connections: per-round ratios 1.15 to 2.04, a t interval of 0.45–6.34
        List<Series> series = List.of(
                series("jdbc", point(200, 0.19, 90, 300, 484, 317, 329), point(20, 20.0, 30, 2500, 80, 81, 82)),
                series("reactive", point(200, 0.19, 90, 200, 556, 647, 667), point(20, 20.0, 99, 500, 480, 490, 500)),
                series("virtual", point(200, 0.19, 90, 300, 323, 304, 300), point(20, 20.0, 40, 900, 90, 91, 92)));
        AnswerMap m = AnswerMap.of(AppVerdict.of("portal", "wrk", series), series, 2);
        AnswerMap.Cell c = m.at("goodput", 200, 0.19).orElseThrow();
        assertEquals(AnswerMap.Cell.ASYNC, c.answer(), c.toString());
        assertEquals("reactive", c.winner());
        assertEquals(647 / 329.0, c.ratioMedian(), 1e-9, "the medians' ratio, with the ranges' own");
        // closer than 1.5× with overlapping ranges, the interval alone decides: virtual against jdbc stays tied
        assertEquals(lab.report.verdict.Pairwise.Outcome.TIE, lab.report.verdict.Pairwise.compare("virtual",
                AppVerdict.candidate(series.get(2).points().getFirst()), "jdbc",
                AppVerdict.candidate(series.get(0).points().getFirst()), lab.report.verdict.Verdict.Better.HIGHER).outcome());
    }

    @Test
    void aRunWithoutRoundTripsHasNoMap() {
        AppVerdict v = AppVerdict.of("portal", "wrk", List.of(series("jdbc", Points.point(20, null, 1, 2, 3))));
        assertNull(AnswerMap.of(v, List.of(), 2));
    }

    @Test
    void aModeMeasuredFarAheadOnOneRepetitionKeepsTheModesBehindItFromWinning() {
        // the shop at 78 ms and 1,000 connections: nonblocking's one kept repetition far ahead of the
        // three of threadpool, virtual and r2dbc, all well ahead of jdbc
        List<Series> series = List.of(
                series("jdbc", point(1000, 78.0, 5, 9000, 19, 20, 21), point(50, 0.0, 90, 20, 2500, 2510, 2520)),
                series("threadpool", point(1000, 78.0, 10, 4000, 255, 259, 262), point(50, 0.0, 90, 20, 2600, 2610, 2620)),
                series("nonblocking", point(1000, 78.0, 60, 400, 3644), point(50, 0.0, 90, 20, 2700, 2710, 2720)),
                series("virtual", point(1000, 78.0, 10, 4000, 250, 258, 261), point(50, 0.0, 90, 20, 2600, 2605, 2615)),
                series("r2dbc", point(1000, 78.0, 10, 4000, 252, 257, 260), point(50, 0.0, 90, 20, 2600, 2606, 2612)));
        AnswerMap m = AnswerMap.of(AppVerdict.of("shop", "wrk", series), series, 2);
        AnswerMap.Cell c = m.at("goodput", 1000, 78.0).orElseThrow();
        assertFalse(c.clear(), "no winner behind an undecided mode: " + c);
        assertNull(c.winner(), c.toString());
        assertEquals("nonblocking", c.best());
        assertTrue(c.reason().contains("it measured ahead of threadpool: measure nonblocking again"), c.reason());
        assertFalse(m.sentence().contains("threadpool ≈"), m.sentence());
        assertFalse(m.sentence().contains("serves 12."), m.sentence());
        // the sweep spends its rounds on that cell first
        Map<String, lab.report.verdict.Verdict.Candidate> candidates = new java.util.LinkedHashMap<>();
        series.forEach(x -> candidates.put(x.mode(), AppVerdict.candidate(x.points().getFirst())));
        lab.report.verdict.CellRule.Unsettled u = lab.report.verdict.CellRule.unsettled(candidates);
        assertTrue(u.cell() && u.why().startsWith("nonblocking measured ahead"), u.toString());
    }

    @Test
    void jdbcIsNotNamedAheadOfAnUndecidedModeMeasuredAboveIt() {
        List<Series> series = List.of(
                series("jdbc", point(20, 0.0, 90, 30, 1000, 1005, 1010), point(200, 20.0, 20, 300, 60, 62, 64)),
                series("virtual", point(20, 0.0, 90, 30, 700, 705, 710), point(200, 20.0, 20, 300, 200, 202, 204)),
                series("nonblocking", point(20, 0.0, 90, 30, 1100), point(200, 20.0, 20, 300, 300, 302, 304)));
        AnswerMap.Cell c = AnswerMap.of(AppVerdict.of("portal", "wrk", series), series, 2).at("goodput", 20, 0.0).orElseThrow();
        assertNull(c.answer(), "not blue: " + c);
        assertEquals("nonblocking", c.best());
        assertTrue(c.reason().contains("too few repetitions (nonblocking: 1, 3 needed)"), c.reason());
    }

    @Test
    void aNoisierModeWithAHigherMedianKeepsTheCellUndecided() {
        // portal at 20 connections and 0 ms: reactive's median is the highest, but only nonblocking's
        // rounds are steady enough to be separated from jdbc: the cell names no winner behind reactive
        List<Series> series = List.of(
                series("jdbc", point(20, 0.0, 90, 30, 1000, 1005, 1010), point(200, 0.0, 90, 30, 1000, 1005, 1010),
                        point(20, 20.0, 20, 300, 60, 62, 64), point(200, 20.0, 30, 2500, 80, 81, 82)),
                series("nonblocking", point(20, 0.0, 95, 28, 1500, 1510, 1520), point(200, 0.0, 95, 28, 1500, 1510, 1520),
                        point(20, 20.0, 60, 40, 300, 310, 320), point(200, 20.0, 99, 500, 480, 490, 500)),
                series("reactive", point(20, 0.0, 95, 28, 700, 2200, 1700), point(200, 0.0, 95, 28, 700, 2200, 1700),
                        point(20, 20.0, 60, 40, 300, 310, 320), point(200, 20.0, 99, 500, 480, 490, 500)));
        AnswerMap m = AnswerMap.of(AppVerdict.of("portal", "wrk", series), series, 2);
        AnswerMap.Cell c = m.at("goodput", 20, 0.0).orElseThrow();
        assertNull(c.answer(), "reactive measured ahead of nonblocking and is not separated from jdbc: " + c);
        assertEquals("reactive", c.best());
        assertEquals("the rule cannot separate reactive from jdbc, and it measured ahead of nonblocking: measure reactive "
                + "again", c.reason());
    }
}
