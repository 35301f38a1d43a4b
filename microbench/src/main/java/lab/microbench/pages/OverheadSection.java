package lab.microbench.pages;

import lab.report.Fmt;


import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import lab.microbench.experiment.Buckets;
import lab.microbench.experiment.OverheadResult;
import lab.microbench.experiment.Stats;
import tools.jackson.core.type.TypeReference;
import lab.report.Page;

/** Seed 003: acquire / execute / release / overhead log-bucket histograms per pool, and the waterfall of the first operations. */
final class OverheadSection extends Section {

    private static final List<String> PHASES = List.of("acquire", "release", "overhead", "execute");

    OverheadSection(Path dir) {
        super(dir, "overhead", "Pools: acquire and release overhead (seed 003)", "pools-overhead");
    }

    @Override
    protected void body(Page html, Meta meta) {
        List<OverheadResult> results = read("pools-overhead.json", new TypeReference<List<OverheadResult>>() { });
        if (results.isEmpty()) {
            return;
        }
        var plan = results.get(0).plan();
        html.p(plan.threads() + " threads, " + plan.connections() + " connections (no contention for connections: any wait is the pool's), "
                + plan.rounds() + " rounds of " + String.format(java.util.Locale.ROOT, "%,d", plan.opsPerRound())
                + " operations on the InnoDB table item (1 primary-key read for every 10 inserts); round 0 discarded. "
                + "acquire = getConnection(), execute = the statement, release = close(), overhead = acquire + release.");
        summaryTable(html, results);
        bucketTable(html, results);
        for (String phase : PHASES) {
            List<Map<String, Object>> datasets = new ArrayList<>();
            for (OverheadResult r : results) {
                datasets.add(Charts.dataset(r.label(), percent(r.buckets().get(phase)), Charts.color(datasets.size())));
            }
            datasets.add(Charts.dataset("seed 003: c3p0 0.9.5-pre3 (round 1, their hardware)", percent(PublishedFigures.C3P0_ROUND1_003.get(phase)), "#c8b48a"));
            html.chart(Charts.bar(phase + " time: share of operations per bucket", Buckets.LABELS, datasets,
                    "% of operations", false, false), 340);
        }
        html.h3("Waterfall: the first " + plan.waterfallOps() + " operations of round 1");
        html.note("One line per operation in the order they were numbered; brown = waiting for a connection, green = executing, "
                + "blue = returning it (as in seed 003's charts). Time in µs since the round started.");
        for (OverheadResult r : results) {
            waterfall(html, r);
        }
    }

    private static void summaryTable(Page html, List<OverheadResult> results) {
        List<Page.Row> rows = new ArrayList<>();
        for (OverheadResult r : results) {
            Stats a = r.stats().get("acquire");
            Stats rel = r.stats().get("release");
            Stats o = r.stats().get("overhead");
            Stats e = r.stats().get("execute");
            String rounds = String.join(" / ", r.rounds().stream().map(x -> Fmt.num(x.wallMs()) + (x.discarded() ? "*" : "")).toList());
            int errors = r.rounds().stream().mapToInt(OverheadResult.Round::errors).sum();
            rows.add(Page.Row.of(r.label(), r.version(), Fmt.num(a.p50()), Fmt.num(a.p99()), Fmt.num(a.max()),
                    Fmt.num(rel.p50()), Fmt.num(rel.p99()), Fmt.num(rel.max()), Fmt.num(o.mean()), Fmt.num(o.p99()),
                    Fmt.num(e.p50()), rounds, String.valueOf(errors)));
        }
        html.table(List.of("pool", "version", "acquire p50 µs", "p99", "max", "release p50 µs", "p99", "max",
                "overhead mean µs", "p99", "execute p50 µs", "round wall ms (* discarded)", "errors"), rows);
    }

    private static void bucketTable(Page html, List<OverheadResult> results) {
        List<String> head = new ArrayList<>(List.of("pool", "phase"));
        head.addAll(Buckets.LABELS);
        List<Page.Row> rows = new ArrayList<>();
        for (String phase : PHASES) {
            for (OverheadResult r : results) {
                rows.add(new Page.Row(cells(r.label(), phase, r.buckets().get(phase)), ""));
            }
            rows.add(new Page.Row(cells("seed 003: c3p0, round 1", phase, PublishedFigures.C3P0_ROUND1_003.get(phase)), "seed"));
        }
        html.table(head, rows);
        html.note("Operation counts per bucket over the measured rounds (from HdrHistogram, 3 significant digits). " + PublishedFigures.HW_003);
    }

    private static List<String> cells(String label, String phase, List<Long> counts) {
        List<String> cells = new ArrayList<>(List.of(label, phase));
        counts.forEach(c -> cells.add(String.valueOf(c)));
        return cells;
    }

    private static List<Double> percent(List<Long> counts) {
        double total = counts.stream().mapToLong(Long::longValue).sum();
        return counts.stream().map(c -> total == 0 ? 0 : Math.round(c * 10_000 / total) / 100d).toList();
    }

    private static void waterfall(Page html, OverheadResult r) {
        List<String> labels = new ArrayList<>();
        List<List<Double>> acquire = new ArrayList<>();
        List<List<Double>> execute = new ArrayList<>();
        List<List<Double>> release = new ArrayList<>();
        for (OverheadResult.Op op : r.waterfall()) {
            labels.add("op " + op.op() + " (thread " + op.thread() + ")");
            acquire.add(List.of(op.start(), op.acquired()));
            execute.add(List.of(op.acquired(), op.executed()));
            release.add(List.of(op.executed(), op.released()));
        }
        html.chart(Charts.waterfall(r.label() + ": waterfall", labels, List.of(
                Charts.dataset("acquire", acquire, "#8c564b"),
                Charts.dataset("execute", execute, "#59a14f"),
                Charts.dataset("release", release, "#4e79a7")), "µs since the round started"), 320);
    }
}
