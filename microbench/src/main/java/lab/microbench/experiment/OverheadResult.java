package lab.microbench.experiment;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.microbench.Plan;
import lab.microbench.pool.PoolKind;
import org.HdrHistogram.Histogram;

/** Seed 003's figures for one pool: rounds, bucket counts and summaries per phase (measured rounds only), the waterfall. */
public record OverheadResult(String pool, String label, String version, Plan.Overhead plan, List<Round> rounds,
                             Map<String, List<Long>> buckets, Map<String, Stats> stats, List<Op> waterfall) {

    /** A round's wall time; round 0 is the discarded warm-up. */
    public record Round(int round, double wallMs, int errors, boolean discarded) {
    }

    /** One operation of the waterfall, times in µs since its round started. */
    public record Op(int op, int thread, double start, double acquired, double executed, double released) {
    }

    static OverheadResult of(PoolKind kind, Plan.Overhead plan, List<Round> rounds,
                             Map<OverheadExperiment.Phase, Histogram> measured, List<Op> waterfall) {
        Map<String, List<Long>> buckets = new LinkedHashMap<>();
        Map<String, Stats> stats = new LinkedHashMap<>();
        measured.forEach((phase, h) -> {
            String name = phase.name().toLowerCase();
            buckets.put(name, Buckets.count(h));
            stats.put(name, Stats.micros(h));
        });
        return new OverheadResult(kind.name(), kind.label, kind.version(), plan, rounds, buckets, stats, waterfall);
    }
}
