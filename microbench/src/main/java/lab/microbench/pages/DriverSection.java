package lab.microbench.pages;

import lab.report.results.JmhScore;
import lab.report.Fmt;


import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import lab.report.Page;

/** Seed 002: mysql-connector-j vs mariadb-java-client on MariaDB (and pgjdbc on PostgreSQL), JMH average time per operation. */
final class DriverSection extends Section {

    private static final List<String> DRIVERS = List.of("MARIADB", "MYSQL", "POSTGRESQL");
    private static final Map<String, String> DRIVER_LABELS = Map.of(
            "MARIADB", "mariadb-java-client → MariaDB", "MYSQL", "mysql-connector-j → MariaDB", "POSTGRESQL", "pgjdbc → PostgreSQL");

    DriverSection(Path dir) {
        super(dir, "drivers", "JDBC drivers: MariaDB vs MySQL Connector/J (seed 002)", "drivers");
    }

    @Override
    protected void body(Page html, Meta meta) {
        List<JmhScore> scores = JmhScore.read(dir.resolve("drivers.json"));
        if (scores.isEmpty()) {
            return;
        }
        html.note(scores.get(0).settings());
        html.p("Average time per operation (lower is better), one connection, one thread. The single inserts go to a table "
                + "with engine " + meta.parameters().getOrDefault("insertTableEngine", "?") + " on MariaDB"
                + " (BLACKHOLE: nothing is stored, as in the seed) and to an UNLOGGED table on PostgreSQL, truncated after each iteration. "
                + "Select 1,000 rows reads MariaDB's SEQUENCE engine table seq_1_to_1000 (as in the seed) and generate_series on PostgreSQL. "
                + "Ratio = this driver's time / mariadb-java-client's time (seed 002 showed MySQL Connector/J between 1.2× and 8× slower).");
        Map<String, Map<String, JmhScore>> byMethod = new LinkedHashMap<>();
        scores.forEach(s -> byMethod.computeIfAbsent(s.method(), k -> new LinkedHashMap<>()).put(s.param("driver"), s));
        List<Page.Row> rows = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<Double> mysqlRatio = new ArrayList<>();
        List<Double> pgRatio = new ArrayList<>();
        List<Double> seedRatio = new ArrayList<>();
        for (var e : byMethod.entrySet()) {
            Map<String, JmhScore> m = e.getValue();
            Map<String, PublishedFigures.Score> seed = PublishedFigures.DRIVERS_002.getOrDefault(e.getKey(), Map.of());
            List<String> cells = new ArrayList<>(List.of(e.getKey()));
            for (String d : DRIVERS) {
                JmhScore s = m.get(d);
                cells.add(s == null ? "–" : s.withError() + " " + s.unit());
            }
            double my = ratio(m, "MYSQL");
            double pg = ratio(m, "POSTGRESQL");
            double seedMy = seed.containsKey("mysql") ? seed.get("mysql").score() / seed.get("mariadb").score() : Double.NaN;
            cells.add(Fmt.ratio(my));
            cells.add(Fmt.ratio(pg));
            rows.add(new Page.Row(cells, ""));
            rows.add(new Page.Row(List.of("  seed 002 (2016): " + e.getKey(), seedCell(seed.get("mariadb")), seedCell(seed.get("mysql")), "–",
                    Fmt.ratio(seedMy), "–"), "seed"));
            labels.add(e.getKey());
            mysqlRatio.add(percent(my));
            pgRatio.add(percent(pg));
            seedRatio.add(percent(seedMy));
        }
        html.p("mysql-connector-j's time / mariadb-java-client's, median over the benchmarks both ran: " + median(mysqlRatio)
                + " here; seed 002 (2016 drivers, their hardware): " + median(seedRatio) + ".");
        List<String> head = new ArrayList<>(List.of("benchmark"));
        DRIVERS.forEach(d -> head.add(DRIVER_LABELS.get(d)));
        head.addAll(List.of("mysql / mariadb", "pgjdbc / mariadb"));
        html.table(head, rows);
        html.note(PublishedFigures.HW_002 + " Our \"rewrite\" row: mysql-connector-j rewriteBatchedStatements=true; mariadb-java-client 3.x "
                + "removed that option, its fast batch path is the bulk protocol (useBulkStmts); pgjdbc reWriteBatchedInserts=true.");
        protocolTable(html, meta);
        List<Map<String, Object>> datasets = new ArrayList<>();
        datasets.add(Charts.dataset("mysql-connector-j (ours)", mysqlRatio, Charts.color(1)));
        if (pgRatio.stream().anyMatch(java.util.Objects::nonNull)) {
            datasets.add(Charts.dataset("pgjdbc on PostgreSQL (ours)", pgRatio, Charts.color(3)));
        }
        datasets.add(Charts.dataset("seed 002: MySQL Connector/J 5.1.39 (2016, their hardware)", seedRatio, "#c8b48a"));
        html.chart(Charts.bar("Time relative to mariadb-java-client (= 100 %)", labels, datasets,
                "% of mariadb-java-client's time (log scale)", true, false), 380);
    }

    /** The median of the percentages that exist, as a ratio ("1.23×"). */
    private static String median(List<Double> percents) {
        List<Double> known = percents.stream().filter(java.util.Objects::nonNull).sorted().toList();
        if (known.isEmpty()) {
            return "–";
        }
        int n = known.size();
        double mid = n % 2 == 1 ? known.get(n / 2) : (known.get(n / 2 - 1) + known.get(n / 2)) / 2;
        return Fmt.ratio(mid / 100) + " (" + n + " benchmarks)";
    }

    private static double ratio(Map<String, JmhScore> m, String driver) {
        JmhScore base = m.get("MARIADB");
        JmhScore other = m.get(driver);
        return base == null || other == null ? Double.NaN : other.score() / base.score();
    }

    private static Double percent(double ratio) {
        return Double.isNaN(ratio) ? null : Math.round(ratio * 1000) / 10d;
    }

    private static String seedCell(PublishedFigures.Score s) {
        return s == null ? "not published" : Fmt.withError(s.score(), s.error()) + " " + s.unit();
    }

    @SuppressWarnings("unchecked")
    private static void protocolTable(Page html, Meta meta) {
        Object protocols = meta.parameters().get("protocols");
        if (!(protocols instanceof Map<?, ?> map)) {
            return;
        }
        List<Page.Row> rows = new ArrayList<>();
        map.forEach((variant, perDriver) -> {
            List<String> cells = new ArrayList<>(List.of(String.valueOf(variant)));
            for (String d : DRIVERS) {
                Object props = ((Map<String, Object>) perDriver).get(d.toLowerCase(Locale.ROOT));
                cells.add(String.valueOf(props));
            }
            rows.add(Page.Row.text(cells.toArray(String[]::new)));
        });
        html.h3("Connection properties per variant");
        html.note("TEXT serves select1RowText, oneInsertText, batch1000InsertText, select1000Rows and the callable statement (each "
                + "driver's default protocol); PREPARED_HIT the PrepareHit benchmarks; PREPARED_MISS select1RowPrepareMiss; REWRITE batch1000InsertRewrite.");
        List<String> head = new ArrayList<>(List.of("variant"));
        DRIVERS.forEach(d -> head.add(DRIVER_LABELS.get(d)));
        html.table(head, rows);
    }
}
