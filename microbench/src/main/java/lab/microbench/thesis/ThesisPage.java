package lab.microbench.thesis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

import lab.microbench.Experiment;
import lab.microbench.report.Charts;
import lab.microbench.report.IndexPage;
import lab.microbench.report.Meta;
import lab.microbench.report.Section;
import lab.report.Fmt;
import lab.report.Page;
import lab.report.Spread;
import lab.report.load.VerdictView;
import lab.report.results.JmhScore;
import lab.report.results.Results;
import lab.report.verdict.AppVerdict;
import lab.report.verdict.Claim;
import lab.report.verdict.LoadClaims;
import lab.report.verdict.MicroClaims;
import lab.report.verdict.ThesisClaims;
import lab.report.verdict.Verdict;

/**
 * The body of thesis.html: the summary of every claim, what differs from the thesis' setting, then
 * Table 4.1 and Figures 4.1–4.5 (this module's JMH runs) and Figures 4.6–4.9 (a load run of
 * loadgen, when one is given) each beside the thesis' figures or caption, with the link asked and
 * measured and the verdict; then every claim. {@link lab.microbench.PageWriter} writes it.
 */
public final class ThesisPage {

    public static final String PAGE = "thesis.html";
    public static final String TITLE = "The thesis, reproduced (chapter 4)";
    private static final List<String> ENGINES = MicroClaims.ENGINES;
    /** Table 4.1's row sets in page order: loopback, the emulated 0.19 ms link (the thesis' setting), others. */
    private static final List<String> TABLE_LINKS = List.of("loopback", "lan");

    private final Path dir;
    private final Page html = new Page();

    private ThesisPage(Path dir) {
        this.dir = dir;
    }

    /**
     * The page's HTML from the micro results in {@code dir} and, when given, a load run.
     *
     * @param load a load run's results (Figures 4.6–4.9 and the claims of 4.2–4.3); empty: said to be missing
     */
    public static String render(Path dir, Optional<Results> load) throws IOException {
        ThesisPage page = new ThesisPage(dir);
        Map<String, List<JmhScore>> table = page.tableScores();
        Map<String, List<JmhScore>> pipelining = page.pipeliningScores();
        List<Claim> micro = ThesisClaims.micro(table, pipelining, page.scoresOf(Experiment.HORIZONTAL),
                page.scoresOf(Experiment.VERTICAL), new MicroClaims.Links(page.measuredRtts(), page.calibratedAdded())).claims();
        // a smoke run decides nothing (two short repetitions): its figures are drawn, no claim is judged on it
        List<Claim> loadClaims = load.filter(r -> !VerdictView.SMOKE.equals(r.run().profile()))
                .map(r -> ThesisClaims.load(AppVerdict.of(r), Path.of(""), LoadClaims.RunLink.of(r.run())).claims()).orElse(List.of());
        List<Claim> all = new ArrayList<>(micro);
        all.addAll(loadClaims);
        page.summary(all, load);
        page.differences(load);
        page.table(table);
        page.verdicts(micro, "Table 4.1");
        page.pipelining(pipelining);
        page.verdicts(micro, "Figure 4.1", "Figure 4.2", "Figure 4.3");
        page.scaling(Experiment.HORIZONTAL, "servers", "Figure 4.4: horizontal scalability",
                "One operation = the small SELECT once on each of N PostgreSQL servers (one connection each), fired then joined.");
        page.verdicts(micro, "Figure 4.4");
        page.scaling(Experiment.VERTICAL, "connections", "Figure 4.5: vertical scalability",
                "One operation = the small SELECT once on each of N connections to one server, fired then joined.");
        page.verdicts(micro, "Figure 4.5");
        LoadFigures.render(page.html, load, loadClaims);
        page.html.section("claims", "Every claim");
        page.html.p("Each claim of chapter 4 with its label and the numbers it was decided on. Micro-benchmarks (4.1): a claim is "
                + "settled only when the 99.9 % intervals settle it; \"about N×\" holds when the whole range of the ratio lies "
                + "within N ÷ 1.5 and N × 1.5, and a whole range above that band is \"exceeded\". Load tests (4.2–4.3): the "
                + "pairwise rule on interleaved repetitions (lab.report.verdict.Pairwise). A claim judged away from the thesis' link or "
                + "level says so in its status.");
        page.html.claims(all);
        return page.html.render(TITLE, INTRO, IndexPage.LINK);
    }

    static final String INTRO = "Table 4.1 and Figures 4.1–4.9 of \"Asynchronous Database Drivers\" re-run on today's drivers "
            + "through this project's access API (jdbc = JDBC through HikariCP, threadpool = JDBC on an executor, "
            + "threadpool-fair = the same with a fair hand-off, the thesis' driver; nonblocking = Vert.x SQL clients, virtual = "
            + "JDBC on virtual threads), against MariaDB and PostgreSQL on this machine. Plain rows and lines are our runs (result "
            + "files beside this page; micro errors = JMH 99.9 % confidence half-interval); rows shaded yellow and the "
            + "\"thesis\" notes are the thesis' published figures and captions, measured in 2010 between hosts over 1 Gb/s "
            + "Ethernet (the thesis text is summarized here; it is not shipped).";

    /** The opening line: every claim counted by label, those judged off the thesis' setting apart. */
    private void summary(List<Claim> claims, Optional<Results> load) {
        html.section("summary", "Summary");
        html.p(ThesisClaims.summary(claims) + ".");
        List<String> missing = new ArrayList<>();
        if (Arrays.stream(Experiment.values()).filter(Experiment::thesis).allMatch(e -> Section.meta(dir, e.file).isEmpty())) {
            missing.add("no micro-benchmark results in " + dir + " (make thesis runs them)");
        }
        if (load.isPresent() && VerdictView.SMOKE.equals(load.get().run().profile())) {
            missing.add("the load run is PROFILE=smoke, which decides nothing: Figures 4.6–4.9 are drawn, no claim of 4.2–4.3 "
                    + "is judged on it");
        }
        if (load.isEmpty()) {
            missing.add("no load run given, so Figures 4.6–4.9 and the claims of 4.2–4.3 are not on this page (make thesis "
                    + "runs PROFILE=thesis and passes it)");
        }
        if (!missing.isEmpty()) {
            html.note("Missing: " + String.join("; ", missing) + ".");
        }
    }

    /** What differs from the thesis' setting, and why it matters: hardware, network, drivers, JVM. */
    private void differences(Optional<Results> load) {
        Optional<Meta> any = Experiment.THESIS.stream().map(e -> Section.meta(dir, e.file)).flatMap(Optional::stream).findFirst();
        String machine = any.map(m -> m.environment().cpus() + " × " + m.environment().cpuModel() + ", " + m.environment().jvm())
                .or(() -> load.map(r -> r.run().machine()).map(m -> m.cpus() + " CPUs, " + m.jvm()))
                .orElse("this machine (no run yet)");
        Section.machine(html, any, "No micro-benchmark results yet: make thesis (or java -jar microbench/target/microbench.jar "
                + "run --only thesis).", "Client and servers share one machine: loopback replaces the thesis' network; the 0.19 ms "
                + "and 78 ms links are emulated (see Figures 4.1–4.3).");
        html.h3("What differs from 2010 and why");
        html.table(List.of("", "thesis (2010)", "here", "what it changes"), List.of(
                Page.Row.text("hardware", "separate hosts for databases, application server and load generators",
                        machine + "; databases, apps, load tools and the link emulator share these cores",
                        "absolute figures are lower and noisier; levels where the thesis' load host still had room may "
                                + "saturate here (the load pages flag a saturated load tool); compare shapes and ratios"),
                Page.Row.text("network", "1 Gb/s Ethernet (0.19 ms RTT) and an Internet link (78 ms RTT)",
                        "loopback through Toxiproxy, which adds the round trip (lan, wan) and a proxy hop of its own; "
                                + "the round trip is measured beside every figure",
                        "a claim is judged on the measured round trip (a load claim on what it adds to a direct query "
                                + "at rest, where the run measured one: a SELECT 1 holds more than the thesis' ping), and "
                                + "labelled off the thesis' link when it lies more than "
                                + Fmt.trimmed(lab.report.verdict.JudgedLink.FACTOR) + "× away"),
                Page.Row.text("drivers", "ADBCJ: its own non-blocking MySQL and PostgreSQL drivers, and ADBCJ-JDBC (JDBC "
                                + "on a thread pool with a fair hand-off)",
                        "Vert.x SQL clients (non-blocking, pipelined), HikariCP with today's JDBC drivers; threadpool-fair "
                                + "stands in for ADBCJ-JDBC",
                        "today's JDBC drivers and pools are faster per query, so gaps that were CPU-bound in 2010 shrink; "
                                + "pipelining still saves a round trip per query"),
                Page.Row.text("JVM", "Java 6, platform threads only",
                        any.map(m -> m.environment().jvm()).or(() -> load.map(r -> r.run().machine().jvm())).orElse("?")
                                + "; virtual threads as a fourth mode",
                        "a better JIT and GC; virtual threads give blocking code the thread economy the thesis "
                                + "needed non-blocking I/O for")));
    }

    /** The claims of these figures, right below them. */
    private void verdicts(List<Claim> claims, String... sources) {
        List<Claim> mine = claims.stream().filter(c -> Arrays.stream(sources).anyMatch(s -> c.source().startsWith(s))).toList();
        if (!mine.isEmpty()) {
            html.h3("Verdict");
            html.claims(mine);
        }
    }

    /**
     * Link id → engine → what the link adds to a query as calibrated before the engine's forks and checked
     * after them (the check's figure where there is one): what "the thesis' link" is judged on (JudgedLink).
     */
    private Map<String, Map<String, Double>> calibratedAdded() {
        return perLinkAndEngine(ThesisExperiments.CALIBRATION,
                c -> c instanceof Map<?, ?> m ? (m.get("addedAfterMs") != null ? m.get("addedAfterMs") : m.get("addedMs")) : null);
    }

    /** Link id → engine → round trip measured by the table and pipelining runs. */
    private Map<String, Map<String, Double>> measuredRtts() {
        return perLinkAndEngine(ThesisExperiments.MEASURED_RTT, ms -> ms);
    }

    /**
     * A meta parameter of the table and pipelining runs shaped link id → engine → entry, each entry read
     * as a number by {@code figure} (the pipelining run's where both have one; entries that are none left out).
     */
    private Map<String, Map<String, Double>> perLinkAndEngine(String parameter, Function<Object, Object> figure) {
        Map<String, Map<String, Double>> out = new LinkedHashMap<>();
        for (Experiment e : List.of(Experiment.TABLE, Experiment.PIPELINING)) {
            Section.meta(dir, e.file).map(m -> m.parameters().get(parameter)).ifPresent(v -> {
                if (v instanceof Map<?, ?> links) {
                    links.forEach((link, engines) -> {
                        if (engines instanceof Map<?, ?> byEngine) {
                            byEngine.forEach((engine, entry) -> {
                                if (figure.apply(entry) instanceof Number n) {
                                    out.computeIfAbsent(String.valueOf(link), k -> new LinkedHashMap<>()).put(String.valueOf(engine), n.doubleValue());
                                }
                            });
                        }
                    });
                }
            });
        }
        return out;
    }

    private void table(Map<String, List<JmhScore>> byLink) {
        html.section("table41", "Table 4.1: 50 queries on one connection");
        Optional<Meta> meta = meta(Experiment.TABLE);
        meta.ifPresent(m -> Section.runNote(html, m));
        if (byLink.isEmpty()) {
            html.note(meta.isEmpty() ? "Not run yet: no " + Experiment.TABLE.file + " results in " + dir + "."
                    : "Skipped: " + meta.get().parameters().getOrDefault("skipped", meta.get().parameters().getOrDefault("failed", "no result file")));
            return;
        }
        html.p("One operation = the same small SELECT (" + ThesisDb.QUERY + ", ten-row table) 50 times on one connection: one "
                + "session, all 50 calls fired, then joined. jdbc runs them one after another on the caller's thread. Row sets: "
                + "loopback, and the emulated 0.19 ms round trip the thesis measured on (1 Gb/s Ethernet) where this run has it"
                + meta.map(m -> m.parameters().get(ThesisExperiments.MEASURED_RTT)).map(rtt -> " (measured round trip per link and "
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
        html.note("virtual is slowest here by its hand-offs, not by pinning: each of a session's 50 calls is a new virtual thread that "
                + "parks on its socket read and is woken by the JDK's poller and a carrier thread: 6–14 context switches per query "
                + "against jdbc's 2–3, measured on this machine (microbench/README.md, with the profile). It pays off when many calls wait at once, not for calls "
                + "in a row on one connection.");
        html.note("Rows shaded red hold a figure whose error exceeds " + Math.round(JmhScore.MAX_RELATIVE_ERROR * 100)
                + " % of its score: inconclusive in this run.");
        linkAsTableSeesIt(byLink, meta);
        tableVerdicts(byLink);
        html.chart(chart("Table 4.1: 50 queries on one connection (lower is better)", labels, series, "ms per operation", true), 380);
    }

    /**
     * The 0.19 ms link as Table 4.1 sees it, per engine: what one jdbc query costs more over it than
     * on loopback, from the table's own scores (the range their errors allow), beside what the
     * link's calibration set and measured (ThesisLink).
     */
    private void linkAsTableSeesIt(Map<String, List<JmhScore>> byLink, Optional<Meta> meta) {
        List<JmhScore> loopback = byLink.get("loopback");
        List<JmhScore> lan = byLink.get("lan");
        if (loopback == null || lan == null) {
            return;
        }
        html.h3("The 0.19 ms link as Table 4.1 sees it");
        Map<?, ?> calibration = lanOf(meta, ThesisExperiments.CALIBRATION);
        Map<?, ?> discarded = lanOf(meta, ThesisExperiments.DISCARDED_CALIBRATION);
        List<Page.Row> rows = new ArrayList<>();
        for (String engine : ENGINES) {
            JmhScore near = MicroClaims.find(loopback, engine, Variant.JDBC.id());
            JmhScore far = MicroClaims.find(lan, engine, Variant.JDBC.id());
            if (near == null || far == null) {
                continue;
            }
            double queries = Double.parseDouble(far.param("requests"));
            Spread n = near.spread();
            Spread f = far.spread();
            String added = String.format(Locale.ROOT, "%.3f (%.3f–%.3f)", (f.median() - n.median()) / queries,
                    (f.min() - n.max()) / queries, (f.max() - n.min()) / queries);
            rows.add(new Page.Row(List.of(MicroClaims.engineName(engine), added, calibration.get(engine) instanceof Map<?, ?> c
                    ? "+" + c.get("addedMs") + " per query (bare hop +" + c.get("hopMs") + ", toxic " + c.get("toxicMs") + " on replies)"
                            + (c.get("addedAfterMs") == null ? "" : "; after its forks +" + c.get("addedAfterMs"))
                            + discardedRounds(discarded.get(engine))
                    : "not recorded"), "text"));
        }
        html.table(List.of("engine", "jdbc, per query, lan − loopback (ms; range the errors allow)",
                "calibration in the parent JVM just before the engine's forks, and its probe after them, ms (every fork sets this toxic)"), rows);
        html.note("The thesis' 0.19 ms is what its 1 Gb/s Ethernet added to a round trip over loopback. Our lan link is calibrated to "
                + "add the same to one query of this table's jdbc loop, the proxy hop and the timer's lateness included (docs/link.md).");
    }

    /** Engine → entry of the meta parameter {@code key} for the lan link, empty when the run did not record it. */
    private static Map<?, ?> lanOf(Optional<Meta> meta, String key) {
        return meta.map(m -> m.parameters().get(key)).filter(Map.class::isInstance)
                .map(c -> ((Map<?, ?>) c).get("lan")).filter(Map.class::isInstance).map(c -> (Map<?, ?>) c).orElse(Map.of());
    }

    /** The other rounds of forks of a run whose link had drifted (ThesisExperiments.LINK_ROUNDS_AGAIN), as a clause. */
    private static String discardedRounds(Object rounds) {
        if (!(rounds instanceof List<?> list) || list.isEmpty()) {
            return "";
        }
        List<String> after = list.stream().filter(Map.class::isInstance).map(r -> "+" + ((Map<?, ?>) r).get("addedAfterMs")).toList();
        return "; the link had drifted, so the forks ran " + (list.size() + 1) + " rounds, each newly calibrated: shown is the one whose "
                + "check after its forks came closest to the link (the other" + (list.size() == 1 ? "" : "s") + ": " + String.join(", ", after) + ")";
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
        Section.runNote(html, meta.get());
        html.p("One operation = 1 to 25 small SELECTs on one connection (one session, all fired, then joined): jdbc one after "
                + "another; nonblocking with pipelining off (limit 1: the next query is written after the previous answer) and on. "
                + "Links: " + meta.get().parameters().get("emulation") + ". Measured round trip per link and engine (median of "
                + "the fastest of three SELECT 1, ms): "
                + meta.get().parameters().getOrDefault(ThesisExperiments.MEASURED_RTT, "not measured in this run") + ".");
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
                for (String variant : ThesisExperiments.PIPELINING_VARIANTS) {
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
        meta.ifPresent(m -> Section.runNote(html, m));
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
        return Section.meta(dir, e.file);
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
            datasets.add(Charts.line(s.label(), means, s.color(), s.line()));
            Map<String, Object> error = Charts.dataset(s.label() + " ± error", errors, s.color());
            error.put("type", "bar");
            error.put("grouped", false);
            error.put("barThickness", 3);
            datasets.add(error);
        }
        return Charts.bar(title, labels, datasets, yAxis, log, false);
    }
}
