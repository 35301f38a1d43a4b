package lab.microbench.experiment;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import lab.microbench.Plan;
import lab.microbench.db.DriverKind;
import lab.microbench.pool.Backend;
import lab.microbench.pool.Pool;
import lab.microbench.pool.PoolConfig;
import lab.microbench.pool.PoolKind;
import lab.microbench.pool.Validation;
import org.HdrHistogram.Histogram;

/**
 * Seed 000's fairness test: more threads than connections, each thread borrowing, holding the
 * connection briefly and returning it until the time is up. Per thread: how many connections it
 * got and how long it waited for each. Tomcat also with {@code getConnectionAsync().get()}.
 */
public final class FairnessExperiment {

    /** One configuration: a pool, borrowing either directly or through Tomcat's asynchronous future. */
    public record Variant(String label, PoolKind pool, boolean async) {
    }

    public static List<Variant> variants(List<PoolKind> pools) {
        List<Variant> all = new ArrayList<>();
        for (PoolKind p : pools) {
            all.add(new Variant(p.label, p, false));
            if (p == PoolKind.TOMCAT) {
                all.add(new Variant(p.label + " getConnectionAsync", p, true));
            }
        }
        return all;
    }

    private final Plan.Fairness plan;
    private final Map<String, Histogram> histograms = new LinkedHashMap<>();

    public FairnessExperiment(Plan.Fairness plan) {
        this.plan = plan;
    }

    public List<FairnessResult> run(List<Variant> variants) throws Exception {
        List<FairnessResult> results = new ArrayList<>();
        for (Variant v : variants) {
            long t0 = System.nanoTime();
            results.add(run(v));
            Progress.done(v.label(), t0);
        }
        return results;
    }

    /** The wait histograms of every variant run so far, tagged by variant label. */
    public Map<String, Histogram> histograms() {
        return histograms;
    }

    FairnessResult run(Variant v) throws Exception {
        long[] fetches = new long[plan.threads()];
        Histogram[] waits = new Histogram[plan.threads()];
        try (Pool pool = v.pool().open(new PoolConfig(Backend.of(DriverKind.MYSQL), plan.connections(), Validation.NONE))) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(plan.seconds());
            Concurrent.run(plan.threads(), t -> {
                Histogram h = Stats.histogram();
                waits[t] = h;
                while (System.nanoTime() < deadline) {
                    long start = System.nanoTime();
                    Connection c = borrow(pool, v.async());
                    h.recordValue(System.nanoTime() - start);
                    fetches[t]++;
                    LockSupport.parkNanos(plan.holdMicros() * 1_000L);
                    c.close();
                }
            });
        }
        Histogram all = Stats.histogram();
        for (Histogram h : waits) {
            all.add(h);
        }
        histograms.put(v.label(), all);
        return FairnessResult.of(v, plan, fetches, waits, all);
    }

    private static Connection borrow(Pool pool, boolean async) throws SQLException, InterruptedException, ExecutionException {
        if (async) {
            return ((org.apache.tomcat.jdbc.pool.DataSource) pool.dataSource()).getConnectionAsync().get();
        }
        return pool.borrow();
    }
}
