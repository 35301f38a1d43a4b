package lab.loadgen.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lab.loadgen.FakeFreeInstance;
import lab.loadgen.Main;
import lab.loadgen.config.HostResolver;
import lab.loadgen.config.InstancesConf;
import lab.report.results.ResultsJson;
import tools.jackson.databind.JsonNode;

/**
 * A real sweep (smoke profile, real wrk, two modes at three levels) watched through the dashboard's
 * events: the points arrive as the scenarios complete, the instance under load's answers per second
 * with them, and "end" names the report once the run has ended.
 */
class LiveEventsTest {

    record Event(String name, JsonNode data) {
    }

    @Test
    void theEventsFollowARealSweepPointByPoint(@TempDir Path tmp) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/wrk")), "wrk is needed at /usr/bin");
        Path results = Files.createDirectories(tmp.resolve("results"));
        HttpClient http = HttpClient.newHttpClient();
        PrintStream saved = System.out;
        try (FakeFreeInstance app = new FakeFreeInstance()) {
            Path conf = app.writeConf(tmp, "jdbc", "virtual");
            try (DashboardServer dashboard = new DashboardServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                    InstancesConf.load(conf), new HostResolver("127.0.0.1", null), results).start()) {
                String base = "http://127.0.0.1:" + dashboard.port();
                System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
                CompletableFuture<Integer> sweep = CompletableFuture.supplyAsync(() -> Main.commandLine().execute("sweep",
                        "--instances", conf.toString(), "--results-dir", results.toString(), "--profile", "smoke",
                        "--app", "portal", "--levels", "1,2,4", "--duration", "1", "--warmup", "1", "--pause", "0",
                        "--tools", "wrk"));
                String run = awaitRun(results, sweep);

                // while it runs: /live opens it, and the home page links it
                HttpResponse<String> live = http.send(HttpRequest.newBuilder(URI.create(base + "/live")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(303, live.statusCode());
                assertEquals("/live/" + run + "/", live.headers().firstValue("Location").orElse(null));
                String home = http.send(HttpRequest.newBuilder(URI.create(base + "/")).build(),
                        HttpResponse.BodyHandlers.ofString()).body();
                assertTrue(home.contains("href=\"/live/" + run + "/\""), "the home page links the live page");
                String page = http.send(HttpRequest.newBuilder(URI.create(base + "/live/" + run + "/")).build(),
                        HttpResponse.BodyHandlers.ofString()).body();
                assertTrue(page.contains("/live/' + encodeURIComponent(run) + '/events"), "the page follows its events");

                List<Event> events = CompletableFuture.supplyAsync(() -> read(http, base + "/live/" + run + "/events"))
                        .get(180, TimeUnit.SECONDS);
                assertEquals(0, sweep.get(60, TimeUnit.SECONDS));
                System.setOut(saved);

                List<JsonNode> statuses = events.stream().filter(e -> e.name().equals("status")).map(e -> e.data().get("live")).toList();
                assertTrue(statuses.size() >= 3, "status events: " + statuses.size());
                int planned = statuses.getFirst().get("plannedPoints").asInt();
                assertEquals(6, planned, "two modes at three levels with one tool");
                // the points done, as they completed: never back, and seen between the start and the end
                List<Integer> done = statuses.stream().map(s -> s.get("pointsDone").asInt()).toList();
                for (int i = 1; i < done.size(); i++) {
                    assertTrue(done.get(i) >= done.get(i - 1), "points done " + done);
                }
                TreeSet<Integer> between = new TreeSet<>(done.stream().filter(d -> d > 0 && d < planned).toList());
                assertTrue(between.size() >= 2, "the points arrived scenario by scenario, not at the end: " + done);
                assertEquals(planned, done.getLast());
                assertTrue(statuses.stream().anyMatch(s -> s.get("now") != null && !s.get("now").isNull()
                        && s.get("now").get("phase").asString().startsWith("round")), "the point now measured");
                assertTrue(statuses.stream().anyMatch(s -> s.get("etaSec") != null && !s.get("etaSec").isNull()), "an ETA");
                // answers per second of the instance under load, from the sweep's own scrapes
                boolean answers = false;
                for (JsonNode s : statuses) {
                    for (JsonNode sample : s.get("samples")) {
                        answers |= sample.get("answers").asDouble() > 0 && sample.get("instance").asString().startsWith("portal-");
                        assertEquals(0.0, sample.get("errors").asDouble(), "the fake instance answers every page: " + sample);
                    }
                }
                assertTrue(answers, "answers per second while the points ran");
                assertTrue(events.stream().filter(e -> e.name().equals("map")).count() >= 2, "the map as the points arrive");

                Event end = events.getLast();
                assertEquals("end", end.name());
                assertEquals("complete", end.data().get("status").asString());
                assertEquals("/results/" + run + "/index.html", end.data().get("report").asString());
                assertTrue(Files.isRegularFile(results.resolve(run).resolve("index.html")));
                // once it has ended, its live page is its report
                HttpResponse<String> after = http.send(HttpRequest.newBuilder(URI.create(base + "/live/" + run + "/")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(303, after.statusCode());
                assertEquals("/results/" + run + "/index.html", after.headers().firstValue("Location").orElse(null));
            } finally {
                System.setOut(saved);
            }
        }
    }

    /** The run folder the sweep writes once its live.json exists. */
    private static String awaitRun(Path results, CompletableFuture<Integer> sweep) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            assertTrue(!sweep.isDone(), "the sweep ended before it wrote live.json: exit " + sweep.getNow(null));
            try (Stream<Path> dirs = Files.list(results)) {
                var found = dirs.filter(d -> Files.isRegularFile(d.resolve("live.json"))).findFirst();
                if (found.isPresent()) {
                    return found.get().getFileName().toString();
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no run with a live.json within 120 s");
    }

    /** Every event of the stream until it ends (after "end", the server closes it). */
    private static List<Event> read(HttpClient http, String url) {
        try {
            HttpResponse<Stream<String>> resp = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofLines());
            assertEquals(200, resp.statusCode());
            assertTrue(resp.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
            List<Event> events = new ArrayList<>();
            String name = null;
            for (Iterator<String> lines = resp.body().iterator(); lines.hasNext(); ) {
                String line = lines.next();
                if (line.startsWith("event: ")) {
                    name = line.substring(7);
                } else if (line.startsWith("data: ")) {
                    assertNotNull(name, "data after its event name");
                    events.add(new Event(name, ResultsJson.mapper().readTree(line.substring(6))));
                }
            }
            return events;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
