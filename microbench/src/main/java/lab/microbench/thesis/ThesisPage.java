package lab.microbench.thesis;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import lab.microbench.report.Charts;
import lab.report.Page;
import lab.microbench.report.IndexPage;
import lab.microbench.report.JmhScore;
import lab.microbench.report.Json;
import lab.microbench.report.Meta;
import lab.microbench.thesis.ThesisRunner.Experiment;

/** results/micro/thesis.html: Table 4.1 and Figures 4.1–4.5 re-run, beside the thesis' figures; then index.html. */
public final class ThesisPage {

    public static final String PAGE = "thesis.html";
    private static final List<String> ENGINES = List.of("MYSQL", "POSTGRESQL");
    /** Table 4.1 of the thesis: mean ms for 50 queries on one connection, 1 Gb/s Ethernet; JDBC / thread pool / Netty. */
    private static final Map<String, double[]> THESIS_TABLE = new LinkedHashMap<>();

    static {
        THESIS_TABLE.put("JDBC", new double[] {23, 25.9});
        THESIS_TABLE.put("ADBCJ thread pool", new double[] {34.9, 79.2});
        THESIS_TABLE.put("ADBCJ Netty (pipelined)", new double[] {4.84, 5.65});
    }

    private final Path dir;
    private final Page html = new Page();

    private ThesisPage(Path dir) {
        this.dir = dir;
    }

    public static Path write(Path dir) throws IOException {
        Files.createDirectories(dir);
        ThesisPage page = new ThesisPage(dir);
        page.machine();
        page.table();
        page.pipelining();
        page.scaling(Experiment.HORIZONTAL, "servers", "Figure 4.4: horizontal scalability",
                "One operation = the small SELECT once on each of N PostgreSQL servers (one connection each), fired then joined.");
        page.scaling(Experiment.VERTICAL, "connections", "Figure 4.5: vertical scalability",
                "One operation = the small SELECT once on each of N connections to one server, fired then joined.");
        Path file = dir.resolve(PAGE);
        Files.writeString(file, page.html.render("Thesis micro-benchmarks (chapter 4.1)",
                "Table 4.1 and Figures 4.1–4.5 of \"Asynchronous Database Drivers\" re-run with JMH on today's drivers through "
                        + "this project's access API (jdbc = JDBC through HikariCP, threadpool = JDBC on an executor, nonblocking = "
                        + "Vert.x SQL clients, virtual = JDBC on virtual threads), against MariaDB and PostgreSQL on this machine. "
                        + "Plain rows and lines are our runs (result files beside this page, error = JMH 99.9 % confidence "
                        + "half-interval); rows shaded yellow are the thesis' published figures, measured in 2010 between two hosts "
                        + "over 1 Gb/s Ethernet.", IndexPage.LINK), StandardCharsets.UTF_8);
        IndexPage.write(dir);
        return file;
    }

    private void machine() {
        html.section("machine", "Machine");
        Optional<Meta> any = List.of(Experiment.values()).stream().map(this::meta).flatMap(Optional::stream).findFirst();
        if (any.isEmpty()) {
            html.note("No results yet: run java -jar microbench/target/microbench.jar thesis --quick");
            return;
        }
        var e = any.get().environment();
        html.table(List.of("what", "value"), List.of(
                Page.Row.text("CPU", e.cpus() + " × " + e.cpuModel() + " — shared with other work: client, servers and "
                        + "other jobs ran on the same cores, so absolute figures are noisy; compare shapes and ratios"),
                Page.Row.text("memory", e.memoryMb() + " MB"),
                Page.Row.text("OS", e.os()),
                Page.Row.text("JVM", e.jvm()),
                Page.Row.text("MariaDB", e.mariadb()),
                Page.Row.text("PostgreSQL", e.postgresql())));
        html.note("Client and servers share one machine: loopback replaces the thesis' network; the 0.19 ms and 78 ms links are "
                + "emulated (see Figures 4.1–4.3).");
    }

    private void table() {
        html.section("table41", "Table 4.1: 50 queries on one connection");
        Optional<List<JmhScore>> scores = scores(Experiment.TABLE, html);
        if (scores.isEmpty()) {
            return;
        }
        html.p("One operation = the same small SELECT (" + ThesisDb.QUERY + ", ten-row table) 50 times on one connection: one "
                + "session, all 50 calls fired, then joined. jdbc runs them one after another on the caller's thread.");
        List<Page.Row> rows = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        Map<String, List<JmhScore>> byEngine = new LinkedHashMap<>();
        for (Variant v : Variant.values()) {
            List<String> cells = new ArrayList<>(List.of(v.id + " — " + v.description));
            labels.add(v.id);
            for (String engine : ENGINES) {
                JmhScore s = find(scores.get(), Map.of("variant", v.id, "engine", engine));
                byEngine.computeIfAbsent(engine, k -> new ArrayList<>()).add(s);
                cells.add(s == null ? "–" : withError(s));
            }
            rows.add(new Page.Row(cells, "text"));
        }
        THESIS_TABLE.forEach((name, v) -> rows.add(Page.Row.seed("thesis 2010: " + name + " (1 Gb/s Ethernet)", num(v[0]), num(v[1]))));
        html.table(List.of("variant", "MySQL protocol (MariaDB) ms/op", "PostgreSQL ms/op"), rows);
        settings(scores.get());
        List<Series> series = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, List<JmhScore>> e : byEngine.entrySet()) {
            series.add(Series.of(label(e.getKey()), e.getValue(), Charts.color(i++), false));
        }
        html.chart(chart("Table 4.1: 50 queries on one connection (lower is better)", labels, series, "ms per operation", true), 380);
    }

    private void pipelining() {
        html.section("pipelining", "Figures 4.1–4.3: pipelining");
        Optional<Meta> meta = meta(Experiment.PIPELINING);
        if (meta.isEmpty()) {
            html.note("Not run yet.");
            return;
        }
        runNote(meta.get());
        html.p("One operation = 1 to 25 small SELECTs on one connection (one session, all fired, then joined): jdbc one after "
                + "another; nonblocking with pipelining off (limit 1: the next query is written after the previous answer) and on. "
                + "Links: " + meta.get().parameters().get("emulation") + ". The relay (LatencyRelay, in the benchmark JVM, "
                + "127.0.0.1 only) forwards to the real server and holds every chunk for half the round trip in each direction, "
                + "in order, like tc netem delay without jitter or bandwidth limit; its thread hops add their own delay on a "
                + "busy machine. Measured round trip through the relay (median one-byte ping, ms): "
                + meta.get().parameters().getOrDefault("relayRoundTripMsMeasured", "not measured in this run") + ".");
        List<Page.Row> speedups = new ArrayList<>();
        for (ThesisPlan.Link link : ThesisPlan.LINKS) {
            html.h3(link.title());
            List<JmhScore> scores = JmhScore.read(dir.resolve(Experiment.PIPELINING.file + "-" + link.id() + ".json"));
            if (scores.isEmpty()) {
                html.note("No results for this link.");
                continue;
            }
            List<String> requests = distinct(scores, "requests");
            List<String> head = new ArrayList<>(List.of("requests per operation"));
            List<Series> series = new ArrayList<>();
            int color = 0;
            for (String engine : ENGINES) {
                for (String variant : ThesisRunner.PIPELINING_VARIANTS) {
                    head.add(label(engine) + " " + variant + " ms/op");
                    List<JmhScore> line = requests.stream().map(r -> find(scores, Map.of("engine", engine, "variant", variant, "requests", r))).toList();
                    series.add(Series.of(label(engine) + " " + variant, line, Charts.color(color++), true));
                }
            }
            List<Page.Row> rows = new ArrayList<>();
            for (int r = 0; r < requests.size(); r++) {
                List<String> cells = new ArrayList<>(List.of(requests.get(r)));
                for (Series s : series) {
                    cells.add(s.scores().get(r) == null ? "–" : withError(s.scores().get(r)));
                }
                rows.add(new Page.Row(cells, ""));
            }
            html.table(head, rows);
            settings(scores);
            html.chart(chart(link.title() + " (lower is better)", requests, series, "ms per operation", true), 380);
            String last = requests.get(requests.size() - 1);
            for (String engine : ENGINES) {
                JmhScore off = find(scores, Map.of("engine", engine, "variant", "nonblocking-unpipelined", "requests", last));
                JmhScore on = find(scores, Map.of("engine", engine, "variant", "nonblocking-pipelined", "requests", last));
                JmhScore jdbc = find(scores, Map.of("engine", engine, "variant", "jdbc", "requests", last));
                speedups.add(Page.Row.of(link.id() + " (" + link.thesisRttMs() + " ms)", label(engine), last,
                        ratio(off, on), ratio(jdbc, on)));
            }
        }
        html.h3("Pipelining speed-up at the largest request count");
        html.table(List.of("link", "engine", "requests", "non-pipelined / pipelined", "jdbc / pipelined"), speedups);
        html.note("Thesis: no clear gain over loopback on MySQL, a small one on PostgreSQL; about 3× over gigabit Ethernet; about 5× "
                + "over the 78 ms Internet link (Figures 4.1–4.3; the thesis gives no table of values).");
    }

    private void scaling(Experiment e, String param, String title, String what) {
        html.section(e.file, title);
        Optional<List<JmhScore>> scores = scores(e, html);
        if (scores.isEmpty()) {
            return;
        }
        html.p(what);
        List<String> xs = distinct(scores.get(), param);
        List<String> head = new ArrayList<>(List.of(param));
        List<Series> series = new ArrayList<>();
        int color = 0;
        for (String engine : distinct(scores.get(), "engine")) {
            for (String variant : distinct(scores.get(), "variant")) {
                head.add(label(engine) + " " + variant + " ms/op");
                List<JmhScore> line = xs.stream().map(x -> find(scores.get(), Map.of("engine", engine, "variant", variant, param, x))).toList();
                series.add(Series.of(label(engine) + " " + variant, line, Charts.color(color++), true));
            }
        }
        List<Page.Row> rows = new ArrayList<>();
        for (int x = 0; x < xs.size(); x++) {
            List<String> cells = new ArrayList<>(List.of(xs.get(x)));
            for (Series s : series) {
                cells.add(s.scores().get(x) == null ? "–" : withError(s.scores().get(x)));
            }
            rows.add(new Page.Row(cells, ""));
        }
        html.table(head, rows);
        settings(scores.get());
        html.chart(chart(title + " (lower is better)", xs, series, "ms per operation", false), 380);
        html.note("The thesis plots these as figures only (no values): response time grows more slowly with non-blocking I/O, "
                + "and vertical scaling is \"nearly linear\".");
    }

    // ---- helpers

    private Optional<Meta> meta(Experiment e) {
        Path file = dir.resolve(Meta.fileName(e.file));
        return Files.exists(file) ? Optional.of(Json.read(file, Meta.class)) : Optional.empty();
    }

    /** The run note and the scores of a one-file experiment, or a note saying why there are none. */
    private Optional<List<JmhScore>> scores(Experiment e, Page out) {
        Optional<Meta> meta = meta(e);
        if (meta.isEmpty()) {
            out.note("Not run yet: no " + e.file + " results in " + dir + ".");
            return Optional.empty();
        }
        runNote(meta.get());
        List<JmhScore> scores = meta.get().files().isEmpty() ? List.of() : JmhScore.read(dir.resolve(meta.get().files().get(0)));
        if (scores.isEmpty()) {
            Object why = meta.get().parameters().getOrDefault("skipped", meta.get().parameters().getOrDefault("failed", "no result file"));
            out.note("Skipped: " + why);
            return Optional.empty();
        }
        return Optional.of(scores);
    }

    private void runNote(Meta m) {
        html.note(String.format(Locale.ROOT, "Run: %s mode, started %s, took %.0f s; 1-minute load average %s before, %s after on "
                        + "%d CPUs. Parameters: %s. Files: %s.", m.mode(), m.started(), m.seconds(), m.loadAverage().get(0),
                m.loadAverage().get(1), m.environment().cpus(), Json.inline(m.parameters()), String.join(", ", m.files())));
    }

    private void settings(List<JmhScore> scores) {
        html.note(scores.get(0).settings() + ". 2 cores shared by client, servers and other work.");
    }

    static JmhScore find(List<JmhScore> scores, Map<String, String> params) {
        return scores.stream().filter(s -> params.entrySet().stream().allMatch(p -> s.param(p.getKey()).equals(p.getValue())))
                .findFirst().orElse(null);
    }

    private static List<String> distinct(List<JmhScore> scores, String param) {
        return scores.stream().map(s -> s.param(param)).distinct()
                .sorted((a, b) -> isInt(a) && isInt(b) ? Integer.compare(Integer.parseInt(a), Integer.parseInt(b)) : 0).toList();
    }

    private static boolean isInt(String s) {
        return s.matches("\\d+");
    }

    private static String label(String engine) {
        return switch (engine) {
            case "MYSQL" -> "MySQL";
            case "POSTGRESQL" -> "PostgreSQL";
            case FanOutBench.THROWAWAY -> "PostgreSQL";
            default -> engine;
        };
    }

    static String num(double v) {
        if (Double.isNaN(v)) {
            return "–";
        }
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }

    private static String withError(JmhScore s) {
        return num(s.score()) + " ± " + num(s.error());
    }

    private static String ratio(JmhScore a, JmhScore b) {
        return a == null || b == null ? "–" : String.format(Locale.ROOT, "%.2f×", a.score() / b.score());
    }

    /** One line of a chart: means with their errors; {@code line} false draws points only. */
    record Series(String label, List<JmhScore> scores, String color, boolean line) {
        static Series of(String label, List<JmhScore> scores, String color, boolean line) {
            return new Series(label, scores, color, line);
        }
    }

    /** A Chart.js chart: one line (or points) per series, its error as a thin floating bar at each point. */
    static Map<String, Object> chart(String title, List<String> labels, List<Series> series, String yAxis, boolean log) {
        List<Map<String, Object>> datasets = new ArrayList<>();
        for (Series s : series) {
            List<Object> means = new ArrayList<>();
            List<Object> errors = new ArrayList<>();
            for (JmhScore score : s.scores()) {
                means.add(score == null ? null : score.score());
                double err = score == null || Double.isNaN(score.error()) ? 0 : score.error();
                errors.add(score == null ? null : List.of(Math.max(score.score() - err, score.score() / 100), score.score() + err));
            }
            Map<String, Object> mean = Charts.dataset(s.label(), means, s.color());
            mean.put("type", "line");
            mean.put("borderColor", s.color());
            mean.put("showLine", s.line());
            mean.put("pointRadius", 4);
            mean.put("spanGaps", true);
            datasets.add(mean);
            Map<String, Object> error = Charts.dataset(s.label() + " ± error", errors, s.color());
            error.put("type", "bar");
            error.put("grouped", false);
            error.put("barThickness", 3);
            datasets.add(error);
        }
        return Charts.bar(title, labels, datasets, yAxis, log, false);
    }
}
