package lab.microbench.experiment;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.microbench.db.DriverKind;
import lab.microbench.pool.Backend;
import lab.microbench.pool.Pool;
import lab.microbench.pool.PoolConfig;
import lab.microbench.pool.PoolKind;
import lab.microbench.pool.Validation;
import org.HdrHistogram.Histogram;

/**
 * Seed 004, part one: one thread, a pool of one connection, N times {@code getConnection().close()}
 * with no validation, the driver's ping ({@code isValid}) and a validation query. One untimed pass
 * of N first (the seed had none; without it the first configuration pays for JIT warm-up).
 */
public final class ValidationExperiment {

    /** Total time of the N borrows and the per-borrow distribution. */
    public record Cost(String pool, String label, String version, String validation, String backend, int loops,
                       double totalMs, Stats perBorrow) {
    }

    private final int loops;
    private final Map<String, Histogram> histograms = new LinkedHashMap<>();

    public ValidationExperiment(int loops) {
        this.loops = loops;
    }

    public Map<String, Histogram> histograms() {
        return histograms;
    }

    public List<Cost> run(List<PoolKind> pools, DriverKind driver) throws Exception {
        List<Cost> costs = new ArrayList<>();
        for (PoolKind p : pools) {
            for (Validation v : Validation.values()) {
                long t0 = System.nanoTime();
                costs.add(run(p, v, driver));
                Progress.done("cost " + p.label + " " + v, t0);
            }
        }
        return costs;
    }

    Cost run(PoolKind kind, Validation validation, DriverKind driver) throws Exception {
        Histogram h = Stats.histogram();
        long total;
        try (Pool pool = kind.open(new PoolConfig(Backend.of(driver), 1, validation))) {
            loop(pool, null);
            long start = System.nanoTime();
            loop(pool, h);
            total = System.nanoTime() - start;
        }
        histograms.put(kind.name() + "/" + validation.name().toLowerCase(), h);
        return new Cost(kind.name(), kind.label, kind.version(), validation.name(), driver.name().toLowerCase(), loops,
                total / 1_000_000d, Stats.micros(h));
    }

    private void loop(Pool pool, Histogram h) throws Exception {
        for (int i = 0; i < loops; i++) {
            long t0 = System.nanoTime();
            Connection c = pool.borrow();
            c.close();
            if (h != null) {
                h.recordValue(System.nanoTime() - t0);
            }
        }
    }
}
