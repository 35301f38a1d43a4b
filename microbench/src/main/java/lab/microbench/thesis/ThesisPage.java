package lab.microbench.thesis;

import lab.report.micro.MicroClaims;


import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import lab.microbench.report.Charts;
import lab.report.Fmt;
import lab.microbench.report.IndexPage;
import lab.report.results.JmhScore;
import lab.microbench.report.Json;
import lab.microbench.report.Meta;
import lab.microbench.thesis.ThesisRunner.Experiment;
import lab.report.Claim;
import lab.report.ThesisClaims;
import lab.report.Page;
import lab.report.Spread;
import lab.report.Verdict;

/**
 * results/micro/thesis.html: the verdict on the thesis' claims, then Table 4.1 and Figures 4.1–4.5
 * re-run beside the thesis' figures; then index.html.
 */
public final class ThesisPage {

    public static final String PAGE = "thesis.html";
    private static final List<String> ENGINES = MicroClaims.ENGINES;
    /** Table 4.1's row sets in page order: loopback, the emulated 0.19 ms link (the thesis' setting), others. */
    private static final List<String> TABLE_LINKS = List.of("loopback", "lan");

    private final Path dir;
    private final Page html = new Page();

    private ThesisPage(Path dir) {
        this.dir = dir;
    }

    public static Path write(Path dir) throws IOException {
        Files.createDirectories(dir);
        ThesisPage page = new ThesisPage(dir);
        Map<String, List<JmhScore>> table = page.tableScores();
        Map<String, List<JmhScore>> pipelining = page.pipeliningScores();
        page.machine();
        page.verdict(table, pipelining);
        page.table(table);
        page.pipelining(pipelining);
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

    private void verdict(Map<String, List<JmhScore>> table, Map<String, List<JmhScore>> pipelining) {
        html.section("verdict", "Verdict: the thesis' claims on this run");
        List<Claim> claims = ThesisClaims.micro(table, pipelining, scoresOf(Experiment.HORIZONTAL), scoresOf(Experiment.VERTICAL)).claims();
        Map<Claim.Status, Long> counts = new LinkedHashMap<>();
        claims.forEach(c -> counts.merge(c.status(), 1L, Long::sum));
        List<String> parts = new ArrayList<>();
        counts.forEach((s, n) -> parts.add(n + " " + s.label()));
        html.p("Each claim of chapter 4.1, checked against this run's scores: " + String.join(", ", parts) + ". A claim is "
                + "reproduced or not only when the 99.9 % intervals settle it; where they overlap, or JMH could not give an error, "
                + "it is inconclusive. \"About N×\" counts as shown when the whole range of the ratio lies within N ÷ 1.5 and N × 1.5. "
                + "A figure whose error exceeds " + Math.round(JmhScore.MAX_RELATIVE_ERROR * 100) + " % of its score is marked "
                + "\"(inconclusive)\" in the tables.");
        html.claims(claims);
    }

    private void table(Map<String, List<JmhScore>> byLink) {
        html.section("table41", "Table 4.1: 50 queries on one connection");
        Optional<Meta> meta = meta(Experiment.TABLE);
        meta.ifPresent(this::runNote);
        if (byLink.isEmpty()) {
            html.note(meta.isEmpty() ? "Not run yet: no " + Experiment.TABLE.file + " results in " + dir + "."
                    : "Skipped: " + meta.get().parameters().getOrDefault("skipped", meta.get().parameters().getOrDefault("failed", "no result file")));
            return;
        }
        html.p("One operation = the same small SELECT (" + ThesisDb.QUERY + ", ten-row table) 50 times on one connection: one "
                + "session, all 50 calls fired, then joined. jdbc runs them one after another on the caller's thread. Row sets: "
                + "loopback, and the emulated 0.19 ms round trip the thesis measured on (1 Gb/s Ethernet) where this run has it"
                + meta.map(m -> m.parameters().get(ThesisRunner.MEASURED_RTT)).map(rtt -> " (measured round trip per link and "
                        + "engine, ms: " + rtt + ")").orElse("") + ".");
        List<Page.Row> rows = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<Series> series = new ArrayList<>();
        for (Variant v : Variant.ALL) {
            labels.add(v.id());
        }
        Set<String> links = new LinkedHashSet<>(TABLE_LINKS);
        links.addAll(byLink.keySet());
        int color = 0;
        for (String link : links) {
            List<JmhScore> scores = byLink.get(link);
            if (scores == null) {
                rows.add(new Page.Row(List.of(linkTitle(link) + ": not measured in this run", "–", "–"), "text"));
                continue;
            }
            Map<String, List<JmhScore>> byEngine = new LinkedHashMap<>();
            for (Variant v : Variant.ALL) {
                List<String> cells = new ArrayList<>(List.of(v.id() + " — " + v.description() + " (" + linkTitle(link) + ")"));
                boolean inconclusive = false;
                for (String engine : ENGINES) {
                    JmhScore s = MicroClaims.find(scores, engine, v.id());
                    byEngine.computeIfAbsent(engine, k -> new ArrayList<>()).add(s);
                    cells.add(s == null ? "–" : s.withError());
                    inconclusive |= s != null && !s.conclusive();
                }
                rows.add(new Page.Row(cells, inconclusive ? "text flag" : "text"));
            }
            for (var e : byEngine.entrySet()) {
                series.add(new Series(MicroClaims.engineName(e.getKey()) + ", " + linkTitle(link), e.getValue(), Charts.color(color++), false));
            }
        }
        String[] names = {"JDBC", "ADBCJ thread pool", "ADBCJ Netty (pipelined)"};
        for (int i = 0; i < names.length; i++) {
            rows.add(Page.Row.seed("thesis 2010: " + names[i] + " (1 Gb/s Ethernet)", Fmt.num(MicroClaims.THESIS_TABLE.get("MYSQL")[i]),
                    Fmt.num(MicroClaims.THESIS_TABLE.get("POSTGRESQL")[i])));
        }
        html.table(List.of("variant", "MySQL protocol (MariaDB) ms/op", "PostgreSQL ms/op"), rows);
        byLink.values().stream().findFirst().ifPresent(this::settings);
        html.note("Rows shaded red hold a figure whose error exceeds " + Math.round(JmhScore.MAX_RELATIVE_ERROR * 100)
                + " % of its score: inconclusive in this run.");
        tableVerdicts(byLink);
        html.chart(chart("Table 4.1: 50 queries on one connection (lower is better)", labels, series, "ms per operation", true), 380);
    }

    /** Per engine and link: the winner and every variant's time as a ratio to jdbc's, with the range the errors allow. */
    private void tableVerdicts(Map<String, List<JmhScore>> byLink) {
        html.h3("Who wins Table 4.1");
        List<String> variants = Variant.ids(Variant.ALL);
        List<String> head = new ArrayList<>(List.of("scenario", "winner (lowest time)"));
        variants.forEach(v -> head.add(v + " ÷ jdbc"));
        List<Page.Row> rows = new ArrayList<>();
        byLink.forEach((link, scores) -> {
            for (String engine : ENGINES) {
                Map<String, Spread> values = new LinkedHashMap<>();
                for (String v : variants) {
                    JmhScore s = MicroClaims.find(scores, engine, v);
                    values.put(v, s == null ? null : s.spread());
                }
                Verdict verdict = Verdict.of(MicroClaims.engineName(engine) + ", " + linkTitle(link), values, Variant.JDBC.id(), Verdict.Better.LOWER);
                List<String> cells = new ArrayList<>(List.of(verdict.scenario(), verdict.summary()));
                for (String v : variants) {
                    Verdict.Entry e = verdict.modes().get(v);
                    cells.add(v.equals(Variant.JDBC.id()) && e != null ? "1× (baseline)" : e == null || e.ratio() == null ? "–" : Fmt.ratio(e.ratio().median())
                            + " (" + Fmt.ratio(e.ratio().min()) + "–" + Fmt.ratio(e.ratio().max()) + ")");
                }
                rows.add(new Page.Row(cells, verdict.clear() ? "text" : "text flag"));
            }
        });
        html.table(head, rows);
        html.note("Ratio below 1× = faster than jdbc. \"No clear winner\" = the winner's 99.9 % interval overlaps another variant's.");
    }

    private void pipelining(Map<String, List<JmhScore>> byLink) {
        html.section("pipelining", "Figures 4.1–4.3: pipelining");
        Optional<Meta> meta = meta(Experiment.PIPELINING);
        if (meta.isEmpty()) {
            html.note("Not run yet.");
            return;
        }
        runNote(meta.get());
        html.p("One operation = 1 to 25 small SELECTs on one connection (one session, all fired, then joined): jdbc one after "
                + "another; nonblocking with pipelining off (limit 1: the next query is written after the previous answer) and on. "
                + "Links: " + meta.get().parameters().get("emulation") + ". Measured round trip per link and engine (median of "
                + "the fastest of three SELECT 1, ms): "
                + meta.get().parameters().getOrDefault(ThesisRunner.MEASURED_RTT, "not measured in this run") + ".");
        List<Page.Row> speedups = new ArrayList<>();
        for (ThesisPlan.Link link : ThesisPlan.LINKS) {
            html.h3(link.title());
            List<JmhScore> scores = byLink.getOrDefault(link.id(), List.of());
            if (scores.isEmpty()) {
                html.note("No results for this link.");
                continue;
            }
            List<String> requests = MicroClaims.distinct(scores, "requests");
            List<String> head = new ArrayList<>(List.of("requests per operation"));
            List<Series> series = new ArrayList<>();
            int color = 0;
            for (String engine : ENGINES) {
                for (String variant : ThesisRunner.PIPELINING_VARIANTS) {
                    head.add(MicroClaims.engineName(engine) + " " + variant + " ms/op");
                    List<JmhScore> line = requests.stream()
                            .map(r -> MicroClaims.find(scores, Map.of("engine", engine, "variant", variant, "requests", r))).toList();
                    series.add(new Series(MicroClaims.engineName(engine) + " " + variant, line, Charts.color(color++), true));
                }
            }
            rows(head, requests, series);
            settings(scores);
            html.chart(chart(link.title() + " (lower is better)", requests, series, "ms per operation", true), 380);
            String last = requests.get(requests.size() - 1);
            for (String engine : ENGINES) {
                JmhScore off = MicroClaims.find(scores, Map.of("engine", engine, "variant", Variant.NONBLOCKING_UNPIPELINED.id(), "requests", last));
                JmhScore on = MicroClaims.find(scores, Map.of("engine", engine, "variant", Variant.NONBLOCKING_PIPELINED.id(), "requests", last));
                JmhScore jdbc = MicroClaims.find(scores, Map.of("engine", engine, "variant", Variant.JDBC.id(), "requests", last));
                speedups.add(Page.Row.of(link.id() + " (" + link.thesisRttMs() + " ms)", MicroClaims.engineName(engine), last,
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
        Optional<Meta> meta = meta(e);
        meta.ifPresent(this::runNote);
        List<JmhScore> scores = scoresOf(e);
        if (scores.isEmpty()) {
            html.note(meta.isEmpty() ? "Not run yet: no " + e.file + " results in " + dir + "."
                    : "Skipped: " + meta.get().parameters().getOrDefault("skipped", meta.get().parameters().getOrDefault("failed", "no result file")));
            return;
        }
        html.p(what);
        List<String> xs = MicroClaims.distinct(scores, param);
        List<String> head = new ArrayList<>(List.of(param));
        List<Series> series = new ArrayList<>();
        int color = 0;
        for (String engine : MicroClaims.distinct(scores, "engine")) {
            for (String variant : MicroClaims.distinct(scores, "variant")) {
                head.add(label(engine) + " " + variant + " ms/op");
                List<JmhScore> line = xs.stream().map(x -> MicroClaims.find(scores, Map.of("engine", engine, "variant", variant, param, x))).toList();
                series.add(new Series(label(engine) + " " + variant, line, Charts.color(color++), true));
            }
        }
        rows(head, xs, series);
        settings(scores);
        html.chart(chart(title + " (lower is better)", xs, series, "ms per operation", false), 380);
        html.note("The thesis plots these as figures only (no values): response time grows more slowly with non-blocking I/O, "
                + "and vertical scaling is \"nearly linear\".");
    }

    /** One row per x: every series' score with its error. */
    private void rows(List<String> head, List<String> xs, List<Series> series) {
        List<Page.Row> rows = new ArrayList<>();
        for (int x = 0; x < xs.size(); x++) {
            List<String> cells = new ArrayList<>(List.of(xs.get(x)));
            boolean inconclusive = false;
            for (Series s : series) {
                JmhScore score = s.scores().get(x);
                cells.add(score == null ? "–" : score.withError());
                inconclusive |= score != null && !score.conclusive();
            }
            rows.add(new Page.Row(cells, inconclusive ? "flag" : ""));
        }
        html.table(head, rows);
    }

    // ---- reading the result files

    private Optional<Meta> meta(Experiment e) {
        Path file = dir.resolve(Meta.fileName(e.file));
        return Files.exists(file) ? Optional.of(Json.read(file, Meta.class)) : Optional.empty();
    }

    /** Every score of a one-file experiment (Figures 4.4, 4.5); empty when not run, skipped or failed. */
    private List<JmhScore> scoresOf(Experiment e) {
        return meta(e).filter(m -> !m.files().isEmpty()).map(m -> JmhScore.read(dir.resolve(m.files().get(0)))).orElse(List.of());
    }

    /**
     * Table 4.1 by link: every file its meta lists and any other thesis-table41-*.json beside it (a
     * run over an emulated link may write its own), each score's link taken from its JMH parameter
     * {@code link}, else from {@code oneWayMicros} (see {@link #linkOf}).
     */
    private Map<String, List<JmhScore>> tableScores() throws IOException {
        Set<String> files = new LinkedHashSet<>();
        meta(Experiment.TABLE).ifPresent(m -> files.addAll(m.files()));
        try (Stream<Path> list = Files.list(dir)) {
            list.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(Experiment.TABLE.file + "-") && n.endsWith(".json") && !n.endsWith(".meta.json"))
                    .sorted().forEach(files::add);
        }
        Map<String, List<JmhScore>> byLink = new LinkedHashMap<>();
        for (String f : files) {
            JmhScore.read(dir.resolve(f)).forEach(s -> byLink.computeIfAbsent(linkOf(s), k -> new ArrayList<>()).add(s));
        }
        return byLink;
    }

    private Map<String, List<JmhScore>> pipeliningScores() {
        Map<String, List<JmhScore>> byLink = new LinkedHashMap<>();
        for (ThesisPlan.Link link : ThesisPlan.LINKS) {
            List<JmhScore> scores = JmhScore.read(dir.resolve(Experiment.PIPELINING.file + "-" + link.id() + ".json"));
            if (scores.isEmpty() && link.link() == lab.link.Link.WAN) { // written before the link was called wan
                scores = JmhScore.read(dir.resolve(Experiment.PIPELINING.file + "-internet.json"));
            }
            if (!scores.isEmpty()) {
                byLink.put(link.id(), scores);
            }
        }
        return byLink;
    }

    /** A score's link id: its {@code link} parameter, else the thesis link with its one-way delay, else "N µs one way". */
    static String linkOf(JmhScore s) {
        if (!s.param("link").isEmpty()) {
            String id = s.param("link");
            return ThesisPlan.LINKS.stream().anyMatch(l -> l.id().equals(id)) || id.equals("internet") ? ThesisPlan.link(id).id() : id;
        }
        String micros = s.param("oneWayMicros");
        if (micros.isEmpty()) {
            return "loopback";
        }
        return ThesisPlan.LINKS.stream().filter(l -> String.valueOf(l.oneWayMicros()).equals(micros)).map(ThesisPlan.Link::id)
                .findFirst().orElse(micros + " µs one way");
    }

    private static String linkTitle(String link) {
        return switch (link) {
            case "loopback" -> "loopback";
            case "lan" -> "emulated 0.19 ms link";
            case "wan" -> "emulated 78 ms link";
            default -> link;
        };
    }

    private void runNote(Meta m) {
        html.note(String.format(Locale.ROOT, "Run: %s mode, started %s, took %.0f s; 1-minute load average %s before, %s after on "
                        + "%d CPUs. Parameters: %s. Files: %s.", m.mode(), m.started(), m.seconds(), m.loadAverage().get(0),
                m.loadAverage().get(1), m.environment().cpus(), Json.inline(m.parameters()), String.join(", ", m.files())));
    }

    private void settings(List<JmhScore> scores) {
        html.note(scores.get(0).settings() + ". 2 cores shared by client, servers and other work.");
    }

    private static String label(String engine) {
        return engine.equals(FanOutBench.THROWAWAY) ? "PostgreSQL" : MicroClaims.engineName(engine);
    }

    private static String ratio(JmhScore a, JmhScore b) {
        return a == null || b == null ? "–" : Fmt.ratio(a.score() / b.score());
    }

    /** One line of a chart: means with their errors; {@code line} false draws points only. */
    record Series(String label, List<JmhScore> scores, String color, boolean line) {
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
