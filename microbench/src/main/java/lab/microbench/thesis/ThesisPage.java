package lab.microbench.thesis;

import java.io.IOException;
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

import lab.microbench.Experiment;
import lab.microbench.pages.Charts;
import lab.microbench.pages.IndexPage;
import lab.microbench.pages.Meta;
import lab.microbench.pages.Section;
import lab.report.Fmt;
import lab.report.Page;
import lab.report.Spread;
import lab.report.results.JmhScore;
import lab.report.results.Results;
import lab.report.verdict.Claim;
import lab.report.verdict.MicroClaims;
import lab.report.verdict.MicroGate;
import lab.report.verdict.Smoke;
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
    private final ThesisResults results;
    private final Page html = new Page();

    private ThesisPage(Path dir) {
        this.dir = dir;
        this.results = new ThesisResults(dir);
    }

    /**
     * The page's HTML from the micro results in {@code dir} and, when given, a load run.
     *
     * @param load a load run's results (Figures 4.6–4.9 and the claims of 4.2–4.3); empty: said to be missing
     */
    public static String render(Path dir, Optional<Results> load) throws IOException {
        ThesisPage page = new ThesisPage(dir);
        Map<String, List<JmhScore>> table = page.results.tableScores();
        Map<String, List<JmhScore>> pipelining = page.results.pipeliningScores();
        ThesisResults.Judged claims = page.results.judge(table, pipelining, load);
        List<Claim> micro = claims.micro();
        page.summary(claims.all(), load);
        ThesisSetting.render(page.html, dir, load);
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
        LoadFigures.render(page.html, load, claims.load());
        page.html.section("claims", "Every claim");
        page.html.p("Each claim with the thesis' sentence it tests, its label and the numbers it was decided on. A quantitative "
                + "claim has two bounds: its direction (a gain beyond the load rule's ±10 % margin of equivalence) and the thesis' own "
                + "figure with a band of ÷ and × 1.5 (Table 4.1's ratios, Figures 4.2's 3× and 4.3's 5×): reproduced when the range "
                + "of the ratio lies within the band, weaker when it holds the direction below the band, exceeded above it, not "
                + "reproduced when it lies below the direction bound (the opposite, or no difference), inconclusive when it reaches "
                + "across a bound. A claim the thesis gives no figure for says what its words were taken as, and why. Micro-benchmarks "
                + "(4.1): the range is the 98 % interval of the fork means where both scores have 3 forks or more (as the load rule), "
                + "else the range the 99.9 % errors allow. Load tests (4.2–4.3): the pairwise rule on interleaved repetitions "
                + "(lab.report.verdict.Pairwise), only on points whose requests in flight were counted by the tool and by the app, "
                + "and agree; a claim left without such points is not measured. A claim judged away from the thesis' setting (link, "
                + "host count, load level, MariaDB standing for MySQL) says so in its label and is counted apart.");
        page.html.claims(claims.all());
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
        if (Arrays.stream(Experiment.values()).filter(Experiment::thesis)
                .anyMatch(e -> Section.meta(dir, e.file).map(m -> Smoke.is(m.mode())).orElse(false))) {
            missing.add("the micro-benchmarks ran with the smoke plan (--smoke, make thesis-quick), whose warm-up is a fraction of "
                    + "the plan's: Table 4.1 and Figures 4.1–4.5 are drawn, no claim of theirs is decided on it");
        }
        if (load.isPresent() && Smoke.is(load.get().run().profile())) {
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

    /** The claims of these figures, right below them. */
    private void verdicts(List<Claim> claims, String... sources) {
        List<Claim> mine = claims.stream().filter(c -> Arrays.stream(sources).anyMatch(s -> c.source().startsWith(s))).toList();
        if (!mine.isEmpty()) {
            html.h3("Verdict");
            html.claims(mine);
        }
    }

    private void table(Map<String, List<JmhScore>> byLink) {
        html.section("table41", "Table 4.1: 50 queries on one connection");
        Optional<Meta> meta = results.meta(Experiment.TABLE);
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
        List<ThesisChart.Series> series = new ArrayList<>();
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
                series.add(new ThesisChart.Series(MicroClaims.engineName(e.getKey()) + ", " + linkTitle(link), e.getValue(), Charts.color(color++), false));
            }
        }
        String[] names = {"JDBC", "ADBCJ thread pool", "ADBCJ Netty (pipelined)"};
        for (int i = 0; i < names.length; i++) {
            rows.add(Page.Row.seed("thesis 2010: " + names[i] + " (1 Gb/s Ethernet)", Fmt.num(MicroClaims.THESIS_TABLE.get("MYSQL")[i]),
                    Fmt.num(MicroClaims.THESIS_TABLE.get("POSTGRESQL")[i])));
        }
        html.table(List.of("variant", "MySQL protocol (MariaDB) ms/op", "PostgreSQL ms/op"), rows);
        settings(byLink.values().stream().flatMap(List::stream).toList(), Optional.empty(), "");
        html.note("virtual is slowest here by its hand-offs, not by pinning: each of a session's 50 calls is a new virtual thread that "
                + "parks on its socket read and is woken by the JDK's poller and a carrier thread: 6–14 context switches per query "
                + "against jdbc's 2–3, measured on this machine (microbench/README.md, with the profile). It pays off when many calls wait at once, not for calls "
                + "in a row on one connection.");
        html.note("Rows shaded red hold a figure whose error exceeds " + Math.round(JmhScore.MAX_RELATIVE_ERROR * 100)
                + " % of its score: inconclusive in this run.");
        linkAsTableSeesIt(byLink, meta);
        tableVerdicts(byLink);
        html.chart(ThesisChart.of("Table 4.1: 50 queries on one connection (lower is better)", labels, series, "ms per operation", true), 380);
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
        Optional<Meta> meta = results.meta(Experiment.PIPELINING);
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
            List<ThesisChart.Series> series = new ArrayList<>();
            int color = 0;
            for (String engine : ENGINES) {
                for (String variant : ThesisExperiments.PIPELINING_VARIANTS) {
                    head.add(MicroClaims.engineName(engine) + " " + variant + " ms/op");
                    List<JmhScore> line = requests.stream()
                            .map(r -> MicroClaims.find(scores, Map.of("engine", engine, "variant", variant, "requests", r))).toList();
                    series.add(new ThesisChart.Series(MicroClaims.engineName(engine) + " " + variant, line, Charts.color(color++), true));
                }
            }
            rows(head, requests, series);
            settings(scores, meta, link.figure());
            html.chart(ThesisChart.of(link.title() + " (lower is better)", requests, series, "ms per operation", true), 380);
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
        Optional<Meta> meta = results.meta(e);
        meta.ifPresent(m -> Section.runNote(html, m));
        List<JmhScore> scores = results.scoresOf(e);
        if (scores.isEmpty()) {
            html.note(meta.isEmpty() ? "Not run yet: no " + e.file + " results in " + dir + "."
                    : "Skipped: " + meta.get().parameters().getOrDefault("skipped", meta.get().parameters().getOrDefault("failed", "no result file")));
            return;
        }
        html.p(what);
        List<String> xs = MicroClaims.distinct(scores, param);
        List<String> head = new ArrayList<>(List.of(param));
        List<ThesisChart.Series> series = new ArrayList<>();
        int color = 0;
        for (String engine : MicroClaims.distinct(scores, "engine")) {
            for (String variant : MicroClaims.distinct(scores, "variant")) {
                head.add(label(engine) + " " + variant + " ms/op");
                List<JmhScore> line = xs.stream().map(x -> MicroClaims.find(scores, Map.of("engine", engine, "variant", variant, param, x))).toList();
                series.add(new ThesisChart.Series(label(engine) + " " + variant, line, Charts.color(color++), true));
            }
        }
        rows(head, xs, series);
        settings(scores, meta, ThesisPlan.figureOf(title));
        html.chart(ThesisChart.of(title + " (lower is better)", xs, series, "ms per operation", false), 380);
        html.note("The thesis plots these as figures only (no values): response time grows more slowly with non-blocking I/O, "
                + "and vertical scaling is \"nearly linear\".");
    }

    /** One row per x: every series' score with its error. */
    private void rows(List<String> head, List<String> xs, List<ThesisChart.Series> series) {
        List<Page.Row> rows = new ArrayList<>();
        for (int x = 0; x < xs.size(); x++) {
            List<String> cells = new ArrayList<>(List.of(xs.get(x)));
            boolean inconclusive = false;
            for (ThesisChart.Series s : series) {
                JmhScore score = s.scores().get(x);
                cells.add(score == null ? "–" : score.withError());
                inconclusive |= score != null && !score.conclusive();
            }
            rows.add(new Page.Row(cells, inconclusive ? "flag" : ""));
        }
        html.table(head, rows);
    }

    private static String linkTitle(String link) {
        return switch (link) {
            case "loopback" -> "loopback";
            case "lan" -> "emulated 0.19 ms link";
            case "wan" -> "emulated 78 ms link";
            default -> link;
        };
    }

    /** The JMH settings under {@code figure}, and the forks added where one of its claims was undecided. */
    private void settings(List<JmhScore> scores, Optional<Meta> meta, String figure) {
        List<String> added = meta.map(m -> m.parameters().get(FigureRuns.TOP_UPS)).filter(Map.class::isInstance)
                .map(m -> ((Map<?, ?>) m).get(figure)).filter(List.class::isInstance)
                .map(l -> ((List<?>) l).stream().map(String::valueOf).toList()).orElse(List.of());
        html.note(FigureRuns.note(scores, added));
        String loads = MicroGate.pageNote(scores);
        if (!loads.isEmpty()) {
            html.note(loads);
        }
    }



    private static String label(String engine) {
        return engine.equals(FanOutBench.THROWAWAY) ? "PostgreSQL" : MicroClaims.engineName(engine);
    }

    private static String ratio(JmhScore a, JmhScore b) {
        return a == null || b == null ? "–" : Fmt.ratio(a.score() / b.score());
    }
}
