package lab.microbench.pages;

import lab.report.Fmt;


import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import lab.microbench.experiment.FairnessResult;
import tools.jackson.core.type.TypeReference;
import lab.report.Page;

/** Seed 000 fairness: fetch counts and waits per thread, per pool; Tomcat fair, unfair and getConnectionAsync. */
final class FairnessSection extends Section {

    FairnessSection(Path dir) {
        super(dir, "fairness", "Pools: fairness under contention (seed 000)", "pools-fairness");
    }

    @Override
    protected void body(Page html, Meta meta) {
        List<FairnessResult> results = read("pools-fairness.json", new TypeReference<List<FairnessResult>>() { });
        if (results.isEmpty()) {
            return;
        }
        var plan = results.get(0).plan();
        html.p(plan.threads() + " threads share " + plan.connections() + " connections for " + plan.seconds()
                + " s; each borrows, holds its connection " + plan.holdMicros() + " µs (parkNanos), returns it, and again. "
                + "Fetches = connections a thread got; wait = time inside getConnection(). A pool is fairer when max and min "
                + "fetches are closer (spread = (max - min) / average; Jain's index 1.0 = perfectly even) and when the longest wait is shorter.");
        FairnessResult fairest = results.stream().min(Comparator.comparingDouble(FairnessResult::fetchSpread)
                .thenComparing(FairnessResult::waitMaxMs)).orElseThrow();
        html.p("Fairest in this run (smallest fetch spread): " + fairest.label() + String.format(java.util.Locale.ROOT,
                " (spread %.1f %%, Jain %.4f, longest wait %s ms).", fairest.fetchSpread() * 100, fairest.jainIndex(), Fmt.num(fairest.waitMaxMs())));
        List<Page.Row> rows = new ArrayList<>();
        for (FairnessResult r : results) {
            rows.add(new Page.Row(List.of(r.label(), r.version(), String.valueOf(r.fetchMax()), String.valueOf(r.fetchMin()),
                    Fmt.num(r.fetchAvg()), Fmt.num(r.fetchSpread() * 100) + " %", String.format(java.util.Locale.ROOT, "%.4f", r.jainIndex()),
                    Fmt.num(r.waitMaxMs()), Fmt.num(r.waitMinMs()), Fmt.num(r.waitAvgMs()), Fmt.num(r.waitP99Ms())),
                    r == fairest ? "best" : ""));
        }
        for (PublishedFigures.Fairness s : PublishedFigures.FAIRNESS_000) {
            rows.add(Page.Row.seed("seed 000: " + s.label(), "2010", String.valueOf(s.fetchMax()), String.valueOf(s.fetchMin()),
                    Fmt.num(s.fetchAvg()), Fmt.num((s.fetchMax() - s.fetchMin()) / s.fetchAvg() * 100) + " %", "–",
                    Fmt.num(s.waitMaxMs()), Fmt.num(s.waitMinMs()), Fmt.num(s.waitAvgMs()), "–"));
        }
        html.table(List.of("pool", "version", "max fetch", "min fetch", "avg fetch", "spread", "Jain", "max wait ms",
                "min wait ms", "avg wait ms", "p99 wait ms"), rows);
        html.note(PublishedFigures.HW_000 + " Seed rows: their test ran for a fixed time on MySQL with their hold time (not stated); "
                + "spread is derived here from their printed max/min/avg.");
        List<String> labels = results.stream().map(FairnessResult::label).toList();
        html.chart(Charts.bar("Fetches per thread (max / avg / min)", labels, List.of(
                Charts.dataset("max fetch", results.stream().map(FairnessResult::fetchMax).toList(), Charts.color(0)),
                Charts.dataset("avg fetch", results.stream().map(FairnessResult::fetchAvg).toList(), Charts.color(4)),
                Charts.dataset("min fetch", results.stream().map(FairnessResult::fetchMin).toList(), Charts.color(2))),
                "connections fetched per thread", false, false), 360);
        html.chart(Charts.bar("Waits for a connection (max / p99 / avg), log scale", labels, List.of(
                Charts.dataset("max wait", results.stream().map(FairnessResult::waitMaxMs).toList(), Charts.color(2)),
                Charts.dataset("p99 wait", results.stream().map(FairnessResult::waitP99Ms).toList(), Charts.color(1)),
                Charts.dataset("avg wait", results.stream().map(FairnessResult::waitAvgMs).toList(), Charts.color(0))),
                "ms (lower is better)", true, false), 360);
    }
}
