package lab.microbench.pages;

import lab.report.Fmt;


import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.microbench.experiment.KillExperiment;
import lab.microbench.experiment.ValidationExperiment;
import lab.microbench.experiment.ValidationResults;
import lab.report.Page;

/** Seed 004: the cost of validating on borrow, and who recovers when the server kills a pooled session. */
final class ValidationSection extends Section {

    private static final List<String> VALIDATIONS = List.of("NONE", "PING", "QUERY");

    ValidationSection(Path dir) {
        super(dir, "validation", "Pools: validation cost and killed sessions (seed 004)", "pools-validation");
    }

    @Override
    protected void body(Page html, Meta meta) {
        ValidationResults results = Json.read(dir.resolve("pools-validation.json"), ValidationResults.class);
        costs(html, results.costs());
        kills(html, results.kills());
    }

    private static void costs(Page html, List<ValidationExperiment.Cost> costs) {
        if (costs.isEmpty()) {
            return;
        }
        int loops = costs.get(0).loops();
        html.h3("Cost: " + String.format(java.util.Locale.ROOT, "%,d", loops) + " × getConnection().close(), one thread, pool of 1");
        html.p("Total ms for the loop (after one untimed pass of the same length) and the per-borrow p50 / p99 in µs, against "
                + "MariaDB through mysql-connector-j. NONE = no check, PING = isValid(), QUERY = SELECT 1; each pool is set to validate on every borrow "
                + "(Tomcat validationInterval=0, HikariCP aliveBypassWindowMs=-1, Vibur connectionIdleLimitInSeconds=0).");
        Map<String, Map<String, ValidationExperiment.Cost>> byPool = new LinkedHashMap<>();
        costs.forEach(c -> byPool.computeIfAbsent(c.label(), k -> new LinkedHashMap<>()).put(c.validation(), c));
        List<Page.Row> rows = new ArrayList<>();
        List<List<Double>> totals = new ArrayList<>();
        VALIDATIONS.forEach(v -> totals.add(new ArrayList<>()));
        for (var e : byPool.entrySet()) {
            List<String> cells = new ArrayList<>(List.of(e.getKey()));
            for (int i = 0; i < VALIDATIONS.size(); i++) {
                ValidationExperiment.Cost c = e.getValue().get(VALIDATIONS.get(i));
                cells.add(c == null ? "–" : Fmt.num(c.totalMs()) + " ms (p50 " + Fmt.num(c.perBorrow().p50()) + ", p99 " + Fmt.num(c.perBorrow().p99()) + " µs)");
                totals.get(i).add(c == null ? null : c.totalMs());
            }
            rows.add(new Page.Row(cells, ""));
        }
        List<Map<String, Object>> datasets = new ArrayList<>();
        for (int i = 0; i < VALIDATIONS.size(); i++) {
            datasets.add(Charts.dataset(VALIDATIONS.get(i).toLowerCase(), totals.get(i), Charts.color(i)));
        }
        for (PublishedFigures.ValidationCost s : PublishedFigures.VALIDATION_004) {
            rows.add(Page.Row.seed("seed 004: " + s.pool(), seedMs(s.none()), seedMs(s.ping()), seedMs(s.query())));
        }
        html.table(List.of("pool", "none", "ping (isValid)", "query (SELECT 1)"), rows);
        html.note(PublishedFigures.HW_004);
        html.chart(Charts.bar("Total ms for " + loops + " borrows, by validation", new ArrayList<>(byPool.keySet()), datasets,
                "ms (lower is better)", false, false), 340);
    }

    private static String seedMs(Long ms) {
        return ms == null ? "not measured" : ms + " ms (published)";
    }

    private static void kills(Page html, List<KillExperiment.Result> kills) {
        if (kills.isEmpty()) {
            return;
        }
        html.h3("Killed session: what the next two borrows get");
        html.p("Pool of 1; its session is killed from a second connection (MariaDB KILL <id>, PostgreSQL pg_terminate_backend) "
                + "and we wait until the server no longer lists it; then two borrows in a row, each running a query. "
                + "RECOVERED = a working connection on a new session; DEAD_CONNECTION = the pool handed out the killed "
                + "connection and the query failed; BORROW_FAILED / BORROW_HUNG = getConnection() threw / blocked more than 5 s.");
        Map<String, Map<String, KillExperiment.Result>> byRow = new LinkedHashMap<>();
        List<String> engines = kills.stream().map(KillExperiment.Result::engine).distinct().toList();
        kills.forEach(k -> byRow.computeIfAbsent(k.label() + " | " + k.validation(), x -> new LinkedHashMap<>()).put(k.engine(), k));
        List<String> head = new ArrayList<>(List.of("pool | validation"));
        engines.forEach(e -> head.addAll(List.of(e + ": 1st borrow", e + ": 2nd borrow")));
        List<Page.Row> rows = new ArrayList<>();
        List<Page.Row> errors = new ArrayList<>();
        for (var e : byRow.entrySet()) {
            List<String> cells = new ArrayList<>(List.of(e.getKey()));
            for (String engine : engines) {
                KillExperiment.Result k = e.getValue().get(engine);
                cells.add(k == null ? "–" : k.first().outcome().name());
                cells.add(k == null ? "–" : k.second().outcome().name());
                if (k != null && k.first().error() != null) {
                    errors.add(Page.Row.text(engine, e.getKey(), k.first().error()));
                }
            }
            boolean recovered = cells.stream().skip(1).allMatch(c -> c.equals("RECOVERED"));
            rows.add(new Page.Row(cells, recovered ? "best" : ""));
        }
        html.table(head, rows);
        html.note(PublishedFigures.KILL_004 + " HikariCP's NONE keeps its default: it validates only connections idle for more than "
                + "500 ms, and the borrow after the kill comes sooner.");
        if (!errors.isEmpty()) {
            html.table(List.of("server", "pool | validation", "first borrow's error"), errors);
        }
    }
}
