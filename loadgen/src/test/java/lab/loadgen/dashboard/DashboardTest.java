package lab.loadgen.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lab.loadgen.FakeFreeInstance;
import lab.loadgen.config.HostResolver;
import lab.loadgen.config.InstancesConf;
import lab.report.results.ResultsJson;
import lab.loadgen.sweep.SampleResults;

/** The dashboard home, its file serving from results/ only, and /health; on a random free port. */
class DashboardTest {

    /** status line and body of a raw HTTP/1.1 GET: the path goes out exactly as written, unnormalized. */
    record Reply(int status, String body) {
    }

    static Reply get(int port, String rawPath) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(("GET " + rawPath + " HTTP/1.1\r\nHost: lab.example:8080\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int status = Integer.parseInt(text.substring(9, 12));
            int bodyStart = text.indexOf("\r\n\r\n");
            return new Reply(status, bodyStart < 0 ? "" : text.substring(bodyStart + 4));
        }
    }

    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static DashboardServer start(Path conf, Path results) throws IOException {
        return new DashboardServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                InstancesConf.load(conf), new HostResolver("127.0.0.1", null), results).start();
    }

    @Test
    void homeListsInstancesWithLiveHealthRunsAndMicro(@TempDir Path tmp) throws Exception {
        Path results = tmp.resolve("results");
        Path older = results.resolve("20260101-000000-smoke");
        Files.createDirectories(older.resolve("raw"));
        ResultsJson.write(SampleResults.portal("20260101-000000-smoke"), older.resolve("results.json"));
        Files.writeString(older.resolve("index.html"), "<html>older</html>");
        Files.writeString(older.resolve("raw").resolve("wrk.txt"), "Requests/sec: 1");
        Path newer = Files.createDirectories(results.resolve("20260202-000000-quick"));
        var sample = SampleResults.portal("20260202-000000-quick");
        ResultsJson.write(new lab.report.results.Results(new lab.report.results.Run("20260202-000000-quick",
                "2026-02-02T00:00:00Z", null, "quick", sample.run().machine(), "complete", "listed", null, null, null, null, null, null, null),
                sample.series()), newer.resolve("results.json"));
        Files.writeString(newer.resolve("index.html"), "<html>newer</html>");
        Path odd = Files.createDirectories(results.resolve("x<b>y&z"));
        Files.writeString(odd.resolve("results.json"), "{not json");
        Files.createDirectories(results.resolve("micro"));
        Files.writeString(results.resolve("micro").resolve("index.html"), "<html>micro</html>");
        Files.writeString(results.resolve("micro").resolve("thesis.html"), "<html>thesis</html>");

        try (FakeFreeInstance up = new FakeFreeInstance()) {
            int down = closedPort();
            Path conf = tmp.resolve("instances.conf");
            Files.writeString(conf, "dashboard dashboard - 8080 /health - /\n"
                    + "portal-jdbc portal jdbc " + up.port() + " /actuator/health /actuator/prometheus /\n"
                    + "shop-virtual shop virtual " + down + " /health /metrics /\n");
            try (DashboardServer d = start(conf, results)) {
                Reply home = get(d.port(), "/");
                assertEquals(200, home.status());
                String b = home.body();
                assertTrue(b.matches("(?s).*portal-jdbc.*class=\"up\">UP.*shop-virtual.*class=\"down\">DOWN.*"), b);
                assertTrue(b.contains("href=\"http://lab.example:" + up.port() + "/\""), "page link on the browser's host");
                assertTrue(b.contains("href=\"http://lab.example:" + up.port() + "/actuator/prometheus\""), "metrics link");
                assertTrue(b.contains("href=\"http://lab.example:" + down + "/metrics\""));
                assertFalse(b.contains(">dashboard<"), "the dashboard does not list itself");
                assertTrue(b.contains("id=\"link\" data-link=\"loopback\""), "the link in force");
                // runs, newest first, linked
                int newIdx = b.indexOf("/results/20260202-000000-quick/index.html");
                int oldIdx = b.indexOf("/results/20260101-000000-smoke/index.html");
                assertTrue(newIdx > 0 && oldIdx > newIdx, "newest first");
                assertTrue(b.contains("href=\"/results/micro/index.html\""), "micro-benchmark page linked");
                assertTrue(b.contains("id=\"thesis\" href=\"/results/micro/thesis.html\"") && !b.contains("id=\"no-thesis\""),
                        "the thesis reproduced, linked");
                // the latest run's verdict and the thesis' claims on the home page
                assertTrue(b.contains("id=\"latest-verdict\"") && b.contains("id=\"verdict-portal\""), "latest verdict");
                assertTrue(b.indexOf("id=\"latest-verdict\"") < b.indexOf("20260202-000000-quick/index.html\">20260202"),
                        "verdict names the latest run");
                assertTrue(b.contains("id=\"claims\""), "thesis claims");
                // every name printed is escaped
                assertTrue(b.contains("x&lt;b&gt;y&amp;z"), "odd run name escaped");
                assertFalse(b.contains("x<b>y"), "no raw markup from a folder name");
                assertTrue(b.contains("unreadable results.json"));

                assertEquals("<html>newer</html>", get(d.port(), "/results/20260202-000000-quick/index.html").body());
                assertEquals(301, get(d.port(), "/results/20260202-000000-quick").status());
                assertEquals("<html>older</html>", get(d.port(), "/results/20260101-000000-smoke/").body());
                assertTrue(get(d.port(), "/results/20260101-000000-smoke/results.json").body().contains("\"series\""));
                assertEquals("Requests/sec: 1", get(d.port(), "/results/20260101-000000-smoke/raw/wrk.txt").body());
                Reply listing = get(d.port(), "/results/20260101-000000-smoke/raw/");
                assertEquals(200, listing.status());
                assertTrue(listing.body().contains("href=\"wrk.txt\""));
                Reply health = get(d.port(), "/health");
                assertEquals(200, health.status());
                assertEquals("{\"status\":\"UP\"}", health.body());
            }
        }
    }

    @Test
    void anInstanceFrozenByTheLoadTestReadsFrozenNotDown(@TempDir Path tmp) throws Exception {
        Path conf = tmp.resolve("instances.conf");
        Files.writeString(conf, "portal-jdbc portal jdbc " + closedPort() + " /actuator/health /actuator/prometheus /\n"
                + "portal-virtual portal virtual " + closedPort() + " /actuator/health /actuator/prometheus /\n");
        Path results = Files.createDirectories(tmp.resolve("results"));
        new lab.loadgen.live.FocusState("portal-jdbc", System.currentTimeMillis()).write(results);
        try (DashboardServer d = start(conf, results)) {
            String b = get(d.port(), "/").body();
            assertTrue(b.contains("FROZEN") && b.contains("while the load test measures portal-jdbc alone"), b);
            assertEquals(1, b.split("FROZEN", -1).length - 1, "the instance under load is asked for its health: " + b);
            lab.loadgen.live.FocusState.clear(results);
            assertFalse(get(d.port(), "/").body().contains("FROZEN"));
        }
    }

    @Test
    void makeUpsWarmUpStoppedSaysSoAtOnce(@TempDir Path tmp) throws Exception {
        Path conf = tmp.resolve("instances.conf");
        Files.writeString(conf, "portal-jdbc portal jdbc " + closedPort() + " /actuator/health /actuator/prometheus /\n"
                + "portal-virtual portal virtual " + closedPort() + " /actuator/health /actuator/prometheus /\n");
        Path results = Files.createDirectories(tmp.resolve("results"));
        long now = System.currentTimeMillis();
        var steady = new lab.loadgen.live.WarmupState.Instance("portal-jdbc", "steady", 12, null);
        new lab.loadgen.live.WarmupState(now - 20_000, now, 2, false, java.util.List.of(steady,
                new lab.loadgen.live.WarmupState.Instance("portal-virtual", "warming", 6, 400.0))).write(results);
        try (DashboardServer d = start(conf, results)) {
            String b = get(d.port(), "/").body();
            assertTrue(b.contains("warming up (6 s, 400/s)") && b.contains("make loadtest stops it and warms each instance it measures itself"), b);
            // what JitWarmup's shutdown hook writes when make down stops it: no minute of silence to wait for
            new lab.loadgen.live.WarmupState(now - 20_000, now, 2, false, java.util.List.of(steady,
                    new lab.loadgen.live.WarmupState.Instance("portal-virtual", "stopped", 6, 400.0))).write(results);
            b = get(d.port(), "/").body();
            assertTrue(b.contains("warm-up stopped") && b.contains("warm: steady after 12 s"), b);
            assertTrue(b.contains("stopped before it had warmed every instance"), b);
        }
    }

    @Test
    void worksWithResultsMissingOrEmpty(@TempDir Path tmp) throws Exception {
        Path conf = tmp.resolve("instances.conf");
        Files.writeString(conf, "portal-jdbc portal jdbc " + closedPort() + " /actuator/health /actuator/prometheus /\n");
        Path results = tmp.resolve("results");
        try (DashboardServer d = start(conf, results)) {
            Reply home = get(d.port(), "/");
            assertEquals(200, home.status());
            assertTrue(home.body().contains("id=\"no-runs\""));
            assertEquals(404, get(d.port(), "/results/anything.json").status());
            Files.createDirectories(results);
            Reply again = get(d.port(), "/");
            assertEquals(200, again.status());
            assertTrue(again.body().contains("id=\"no-runs\""));
        }
    }

    @Test
    void traversalAttemptsAre404(@TempDir Path tmp) throws Exception {
        Path conf = tmp.resolve("instances.conf");
        Files.writeString(conf, "portal-jdbc portal jdbc " + closedPort() + " /actuator/health /actuator/prometheus /\n");
        Files.writeString(tmp.resolve("secret.txt"), "SECRET");
        Path results = Files.createDirectories(tmp.resolve("results"));
        Files.createDirectories(results.resolve("run"));
        Files.writeString(results.resolve(".hidden"), "SECRET");
        Files.createSymbolicLink(results.resolve("escape"), tmp.resolve("secret.txt"));
        try (DashboardServer d = start(conf, results)) {
            for (String path : new String[] {
                    "/results/../secret.txt", "/results/run/../../secret.txt", "/results/%2e%2e/secret.txt",
                    "/results/%2E%2E/secret.txt", "/results/..%2fsecret.txt", "/results/run/%2e%2e/%2e%2e/secret.txt",
                    "/results//etc/passwd", "/results/%2fetc%2fpasswd",
                    "/results/%5c..%5csecret.txt", "/results/.hidden", "/results/escape", "/etc/passwd",
                    "/results/%00", "/../secret.txt", "/secret.txt", "/instances.conf"}) {
                Reply r = get(d.port(), path);
                assertEquals(404, r.status(), path);
                assertFalse(r.body().contains("SECRET"), path);
            }
            // a raw backslash is not even a valid URI: the JDK server answers 400 before routing
            Reply backslash = get(d.port(), "/results/..\\secret.txt");
            assertTrue(backslash.status() == 400 || backslash.status() == 404, "backslash: " + backslash.status());
            assertFalse(backslash.body().contains("SECRET"));
        }
    }
}
