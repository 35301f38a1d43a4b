package lab.loadgen.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lab.loadgen.FakeFreeInstance;
import lab.loadgen.Main;
import lab.report.results.Point;
import lab.report.results.Results;
import lab.report.results.ResultsJson;
import lab.report.results.Series;
import tools.jackson.databind.JsonNode;

/** A real sweep of two short levels with the real wrk and httperf against a real HTTP server. */
class RealSweepTest {

    @Test
    void twoLevelsWithWrkAndHttperf(@TempDir Path tmp) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/wrk")) && Files.isExecutable(Path.of("/usr/bin/httperf")),
                "wrk and httperf are needed at /usr/bin: real sweep test skipped");
        Path results = tmp.resolve("results");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        int exit;
        try (FakeFreeInstance server = new FakeFreeInstance()) {
            Path conf = server.writeConf(tmp, "jdbc");
            System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
            exit = Main.commandLine().execute("sweep", "--instances", conf.toString(), "--results-dir", results.toString(),
                    "--profile", "smoke", "--app", "portal", "--levels", "1,4", "--duration", "2", "--calls", "20",
                    "--warmup", "1", "--pause", "0.2", "--tools", "httperf,wrk,wrk2", "--wrk2", "/nonexistent/wrk2");
        } finally {
            System.setOut(saved);
        }
        String out = stdout.toString(StandardCharsets.UTF_8);
        System.out.println(out);
        assertEquals(0, exit, out);

        Path latest = results.resolve("latest");
        assertTrue(Files.exists(latest), "results/latest");
        Path run = latest.toRealPath();
        Results r = ResultsJson.read(run.resolve("results.json"));
        assertEquals("smoke", r.run().profile());
        assertEquals("complete", r.run().status());
        assertEquals(run.getFileName().toString(), r.run().id());
        assertTrue(r.run().machine().cpus() >= 1);
        assertTrue(r.run().machine().memoryMb() > 0);
        assertEquals(Boolean.TRUE, r.run().machine().sharedMachine(), "127.0.0.1 is this machine");
        assertFalse(r.run().tools().get("wrk2").used());
        assertTrue(r.run().notes().stream().anyMatch(n -> n.startsWith("wrk2 not run")), r.run().notes().toString());

        assertEquals(List.of("wrk", "httperf"), r.series().stream().map(Series::tool).toList());
        // the warm-up is recorded: its windows' goodput and JIT time, and whether it ended steady
        assertEquals(1, r.run().warmups().size(), String.valueOf(r.run().warmups()));
        assertEquals("portal-jdbc", r.run().warmups().getFirst().instance());
        assertFalse(r.run().warmups().getFirst().goodput().isEmpty());
        assertNotNull(r.run().warmups().getFirst().compileMs().getFirst(), "JIT time from the instance's metrics");
        for (Series s : r.series()) {
            assertEquals("portal", s.app());
            assertEquals("jdbc", s.mode());
            assertEquals(List.of(1, 4), s.points().stream().map(Point::concurrency).toList());
            for (Point p : s.points()) {
                String where = s.tool() + " c=" + p.concurrency();
                assertNull(p.error(), where);
                assertTrue(p.requestsPerSec() > 0, where);
                // httperf prints reply times to 0.1 ms: a fast local reply can read 0.0
                assertTrue(s.tool().equals("httperf") ? p.meanReplyMs() >= 0 : p.meanReplyMs() > 0, where);
                assertEquals(0L, p.errors(), where);
                assertTrue(p.serverThreads() > 5, where + ": live threads from the server's metrics");
                assertTrue(p.serverHeapMb() > 1, where);
                assertNotNull(p.loadToolCpuPct(), where);
                assertEquals(2, p.repetitions().size(), where + ": the smoke profile's two repetitions");
                for (Point rep : p.repetitions()) {
                    assertTrue(Files.isRegularFile(run.resolve(rep.raw())), where + " raw output");
                }
                var rps = p.spread().get("requestsPerSec");
                assertTrue(rps.min() <= p.requestsPerSec() && p.requestsPerSec() <= rps.max(), where + ": median within min–max");
                if (s.tool().equals("wrk")) {
                    // wrk's mean is corrected with synthetic samples: its status script counts what was in flight,
                    // one request per connection in a closed loop, the app's own count beside it
                    assertTrue(p.littleConcurrency() > 0.9 * p.concurrency() && p.littleConcurrency() <= p.concurrency(),
                            where + ": " + p.littleConcurrency() + " in flight");
                    assertNotNull(p.queue().appInFlight(), where + ": the app's own in-flight count");
                } else {
                    assertNotNull(p.littleConcurrency(), where + ": Little's law");
                }
            }
        }
        Point wrk = r.series().get(0).points().get(1);
        assertNotNull(wrk.p50Ms());
        assertNotNull(wrk.p99Ms());
        Point httperf = r.series().get(1).points().get(1);
        assertNull(httperf.p50Ms());
        assertEquals("httperf prints no latency percentiles", httperf.unmeasured().get("p99Ms"));
        // a repetition flagged twice for interference (another process took the CPU) is left out of the figures, and counted
        long kept = httperf.repetitions().stream().filter(rep -> !rep.leftOutOf(httperf)).count();
        assertEquals(80L * kept, httperf.requests(), "2 repetitions x 4 connections x 20 calls, but for those left out");

        JsonNode json = ResultsJson.mapper().readTree(run.resolve("results.json").toFile());
        assertTrue(json.get("series").get(1).get("points").get(0).get("p50Ms").isNull(), "explicit null");
        assertTrue(Files.size(run.resolve("index.html")) > 200_000, "report page with Chart.js inlined");
        assertTrue(Files.readString(run.resolve("raw/portal-jdbc-c00004-httperf-r1.txt")).contains("--num-conns=4"));
        assertTrue(out.contains("ETA"), "progress lines");
        assertTrue(out.contains("peak portal  jdbc"), out);

        // make report RUN=<id> and RUNS="<a> <b>" on the real run
        String id = r.run().id();
        assertEquals(0, Main.commandLine().execute("report", "--results-dir", results.toString(), "--run", id));
        copyRun(results, id, "second");
        assertEquals(0, Main.commandLine().execute("report", "--results-dir", results.toString(), "--runs", id + " second"));
        assertTrue(Files.isRegularFile(results.resolve("compare-" + id + "-second").resolve("index.html")));
    }

    private static void copyRun(Path results, String from, String to) throws Exception {
        Path target = Files.createDirectories(results.resolve(to));
        Results r = ResultsJson.read(results.resolve(from).resolve("results.json"));
        var run = r.run();
        ResultsJson.write(new Results(new lab.report.results.Run(to, run.started(), run.finished(), run.profile(),
                run.machine(), run.status(), run.order(), run.tools(), run.plan(), run.notes(), run.runs(), run.rounds(), run.link(), run.proxyHop()), r.series()),
                target.resolve("results.json"));
    }

    /** Two modes, three repetitions: repetition r of both before r+1, their order rotating, recorded in results.json. */
    @Test
    void repetitionsAreInterleavedAcrossModesAndTheOrderRotates(@TempDir Path tmp) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/wrk")), "wrk is needed at /usr/bin");
        Path results = tmp.resolve("results");
        PrintStream saved = System.out;
        try (FakeFreeInstance server = new FakeFreeInstance()) {
            Path conf = server.writeConf(tmp, "jdbc", "virtual");
            System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            assertEquals(0, Main.commandLine().execute("sweep", "--instances", conf.toString(), "--results-dir",
                    results.toString(), "--profile", "smoke", "--app", "portal", "--levels", "2", "--duration", "1",
                    "--repetitions", "3", "--warmup", "0", "--pause", "0", "--tools", "wrk"));
        } finally {
            System.setOut(saved);
        }
        Results r = ResultsJson.read(results.resolve("latest").toRealPath().resolve("results.json"));
        assertEquals(List.of(List.of("jdbc", "virtual"), List.of("virtual", "jdbc"), List.of("jdbc", "virtual")),
                r.run().rounds().stream().map(lab.report.results.Run.Round::order).toList());
        // the repetitions ran in that order: jdbc r1 < virtual r1 < virtual r2 < jdbc r2 < jdbc r3 < virtual r3
        List<Point> jdbc = r.series().get(0).points().getFirst().repetitions();
        List<Point> virtual = r.series().get(1).points().getFirst().repetitions();
        List<String> started = List.of(jdbc.get(0).started(), virtual.get(0).started(), virtual.get(1).started(),
                jdbc.get(1).started(), jdbc.get(2).started(), virtual.get(2).started());
        for (int i = 1; i < started.size(); i++) {
            assertTrue(java.time.OffsetDateTime.parse(started.get(i - 1)).isBefore(java.time.OffsetDateTime.parse(started.get(i))),
                    "run order " + started);
        }
    }

    /**
     * FAIR_POOL=1: after the other scenarios the thread-pool instance is restarted fair (the lab port,
     * served by the lab's own scripts/lib/lab-port.sh, gets "hand-off fair" and its name), swept again
     * as its own series, and restarted unfair; a restart whose page shows no fair pool's threads
     * records the pass's points as failed, with the reason.
     */
    @Test
    void theFairPassSweepsTheThreadPoolAgainAsItsOwnSeries(@TempDir Path tmp) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/wrk")), "wrk is needed at /usr/bin");
        Path log = tmp.resolve("restarts.log");
        Path restart = tmp.resolve("restart.sh");
        Files.writeString(restart, "#!/bin/sh\necho \"$2 $3\" >> " + log + "\necho restarted\n");
        restart.toFile().setExecutable(true);
        PrintStream saved = System.out;
        try (FakeFreeInstance server = new FakeFreeInstance()) {
            Path conf = server.writeConf(tmp, "jdbc", "threadpool");
            System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            server.panelThread("threadpool-fair-mysql-bench_portal_contacts-1");
            Results fair = fairSweep(conf, tmp.resolve("fair"), restart);
            server.panelThread("threadpool-mysql-bench_portal_contacts-1");
            Results unfair = fairSweep(conf, tmp.resolve("unfair"), restart);

            assertEquals(List.of("jdbc", "threadpool", "threadpool-fair"), fair.series().stream().map(Series::mode).toList());
            Series pass = fair.series().get(2);
            assertEquals("portal-threadpool", pass.instance());
            assertNull(pass.points().getFirst().error(), String.valueOf(pass.points().getFirst().error()));
            assertEquals(3, pass.points().getFirst().repetitions().size());
            // a pass of its own: no round lists it beside the others
            assertTrue(fair.run().rounds().stream().noneMatch(r -> r.order().contains("threadpool-fair")), String.valueOf(fair.run().rounds()));
            assertTrue(fair.run().notes().stream().anyMatch(n -> n.startsWith("FAIR_POOL=1")), String.valueOf(fair.run().notes()));
            // after every unfair repetition
            String lastUnfair = fair.series().get(1).points().getFirst().repetitions().getLast().started();
            String firstFair = pass.points().getFirst().repetitions().getFirst().started();
            assertTrue(java.time.OffsetDateTime.parse(lastUnfair).isBefore(java.time.OffsetDateTime.parse(firstFair)));

            Point refused = unfair.series().get(2).points().getFirst();
            assertNotNull(refused.error());
            assertTrue(refused.error().contains("did not come back with the fair hand-off"), refused.error());
        } finally {
            System.setOut(saved);
        }
        assertEquals(List.of("fair portal-threadpool", "unfair portal-threadpool", "fair portal-threadpool",
                "unfair portal-threadpool"), Files.readAllLines(log));
    }

    private static Results fairSweep(Path conf, Path results, Path restart) throws Exception {
        Path port = Files.createDirectories(results.resolveSibling(results.getFileName() + "-port"));
        Process server = new ProcessBuilder("bash", Path.of("..", "scripts", "lib", "lab-port.sh").toString(), port.toString(),
                "hand-off", restart.toString()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            assertEquals(0, Main.commandLine().execute("sweep", "--instances", conf.toString(), "--results-dir",
                    results.toString(), "--profile", "smoke", "--app", "portal", "--levels", "2", "--duration", "1",
                    "--repetitions", "3", "--warmup", "0", "--pause", "0", "--tools", "wrk", "--fair-pass",
                    "--lab-port", port.toString()));
        } finally {
            server.destroy();
        }
        return ResultsJson.read(results.resolve("latest").toRealPath().resolve("results.json"));
    }
}
