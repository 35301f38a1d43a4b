package lab.microbench.pages;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import lab.microbench.pool.PoolKind;
import lab.report.Fmt;
import lab.report.Page;
import lab.report.Spread;
import lab.report.results.JmhScore;
import lab.report.verdict.Verdict;

/** Seed 000 throughput: JMH ops/ms of getConnection().close() per pool, backend, validation and thread count. */
final class ThroughputSection extends Section {

    private static final Map<String, String> BACKENDS = Map.of(
            "stub", "Stub driver (the pool alone)",
            "mysql", "MariaDB through mysql-connector-j (validation goes to the server)");

    ThroughputSection(Path dir) {
        super(dir, "throughput", "Pools: throughput of getConnection().close() (seed 000)", "pools-throughput");
    }

    @Override
    protected void body(Page html, Meta meta) {
        List<JmhScore> scores = new ArrayList<>();
        meta.files().forEach(f -> scores.addAll(JmhScore.read(dir.resolve(f))));
        if (scores.isEmpty()) {
            html.note("No JMH scores in " + meta.files());
            return;
        }
        html.note(scores.get(0).settings().replace(scores.get(0).threads() + " thread(s)", "threads as in the columns"));
        html.p("Throughput in operations per millisecond (higher is better), 10 connections. Validation QUERY = "
                + "\"SELECT 1\" on every borrow (Tomcat with validationInterval=0, HikariCP with aliveBypassWindowMs=-1); "
                + "PING = Connection.isValid(); NONE = no check (HikariCP still checks connections idle for more than 500 ms, which never happens here). "
                + "\"fastest\" = the highest score, or \"no clear winner\" where its ± interval overlaps another pool's; a score whose error "
                + "exceeds " + Math.round(JmhScore.MAX_RELATIVE_ERROR * 100) + " % of it is marked \"(inconclusive)\".");
        for (String backend : List.of("stub", "mysql")) {
            List<JmhScore> mine = scores.stream().filter(s -> s.param("backend").equals(backend)).toList();
            if (!mine.isEmpty()) {
                backendTable(html, backend, mine);
            }
        }
        seedTable(html);
    }

    private void backendTable(Page html, String backend, List<JmhScore> scores) {
        Map<String, List<JmhScore>> byScenario = new LinkedHashMap<>();
        scores.stream().sorted(Comparator.comparingInt(JmhScore::threads).thenComparing(s -> validationOrder(s.param("validation"))))
                .forEach(s -> byScenario.computeIfAbsent(scenario(s), k -> new ArrayList<>()).add(s));
        List<String> scenarios = new ArrayList<>(byScenario.keySet());
        List<String> pools = scores.stream().map(s -> s.param("pool")).distinct()
                .sorted(Comparator.comparing(PoolKind::valueOf)).toList();
        html.h3(BACKENDS.getOrDefault(backend, backend));
        List<String> head = new ArrayList<>(List.of("pool (ops/ms ± error)"));
        head.addAll(scenarios);
        List<Page.Row> rows = new ArrayList<>();
        List<Map<String, Object>> datasets = new ArrayList<>();
        for (String pool : pools) {
            List<String> cells = new ArrayList<>(List.of(PoolKind.valueOf(pool).label));
            List<Double> values = new ArrayList<>();
            for (String scenario : scenarios) {
                Optional<JmhScore> s = byScenario.get(scenario).stream().filter(x -> x.param("pool").equals(pool)).findFirst();
                cells.add(s.map(JmhScore::withError).orElse("–"));
                values.add(s.map(JmhScore::score).orElse(null));
            }
            rows.add(new Page.Row(cells, ""));
            datasets.add(Charts.dataset(PoolKind.valueOf(pool).label, values, Charts.color(datasets.size())));
        }
        List<String> fastest = new ArrayList<>(List.of("fastest"));
        for (List<JmhScore> list : byScenario.values()) {
            Map<String, Spread> values = new LinkedHashMap<>();
            list.forEach(x -> values.put(PoolKind.valueOf(x.param("pool")).label, x.spread()));
            fastest.add(Verdict.of("", values, PoolKind.HIKARI.label, Verdict.Better.HIGHER).summary());
        }
        rows.add(new Page.Row(fastest, "best"));
        html.table(head, rows);
        html.chart(Charts.bar("getConnection().close(), " + BACKENDS.getOrDefault(backend, backend), scenarios, datasets,
                "ops/ms (higher is better)", false, false), 380);
    }

    private static String scenario(JmhScore s) {
        return s.threads() + " threads, " + s.param("validation").toLowerCase();
    }

    private static int validationOrder(String v) {
        return List.of("NONE", "PING", "QUERY").indexOf(v);
    }

    private static void seedTable(Page html) {
        html.h3("Seed 000's published figures (their hardware, not ours)");
        html.note(PublishedFigures.HW_000 + " The ops/ms column is derived here as iterations / ms; their times include starting the threads "
                + "and have no JIT warm-up (the article's comments say so). Their \"jdbc-pool\" is the unfair queue, "
                + "\"jdbc-pool fair\" the fair one; their validation was a validation query.");
        List<Page.Row> rows = new ArrayList<>();
        for (PublishedFigures.Throughput t : PublishedFigures.THROUGHPUT_000) {
            rows.add(Page.Row.seed(t.pool(), String.valueOf(t.threads()), t.validate() ? "query" : "none", t.run(),
                    String.format(java.util.Locale.ROOT, "%,d", t.iterations()), String.format(java.util.Locale.ROOT, "%,d", t.ms()),
                    Fmt.num(t.opsPerMs())));
        }
        html.table(List.of("pool (seed 000)", "threads", "validation", "run", "iterations", "ms (published)", "ops/ms (derived)"), rows);
    }
}
