package lab.microbench.experiment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import lab.microbench.Plan;
import lab.microbench.db.DriverKind;
import lab.microbench.pool.Backend;
import lab.microbench.pool.Pool;
import lab.microbench.pool.PoolConfig;
import lab.microbench.pool.PoolKind;
import lab.microbench.pool.Validation;
import org.HdrHistogram.Histogram;

/**
 * Seed 003 (Wix): as many threads as connections, rounds of operations on the real {@code item}
 * table (1 read for every 10 writes); each operation timed as acquire, execute, release.
 * Round 0 is a warm-up and is discarded; the first operations of round 1 make the waterfall.
 */
public final class OverheadExperiment {

    public enum Phase { ACQUIRE, EXECUTE, RELEASE, OVERHEAD }

    static final int READ_EVERY = 11;
    private static final int PRELOADED = 1_000;

    private final Plan.Overhead plan;
    private final Map<String, Histogram> histograms = new LinkedHashMap<>();

    public OverheadExperiment(Plan.Overhead plan) {
        this.plan = plan;
    }

    public Map<String, Histogram> histograms() {
        return histograms;
    }

    public List<OverheadResult> run(List<PoolKind> pools) throws Exception {
        List<OverheadResult> results = new ArrayList<>();
        for (PoolKind p : pools) {
            long t0 = System.nanoTime();
            results.add(run(p));
            Progress.done(p.label, t0);
        }
        return results;
    }

    OverheadResult run(PoolKind kind) throws Exception {
        Map<Phase, Histogram> measured = new EnumMap<>(Phase.class);
        for (Phase p : Phase.values()) {
            measured.put(p, Stats.histogram());
        }
        List<OverheadResult.Round> rounds = new ArrayList<>();
        List<OverheadResult.Op> waterfall = new ArrayList<>();
        try (Pool pool = kind.open(new PoolConfig(Backend.of(DriverKind.MYSQL), plan.connections(), Validation.NONE))) {
            resetTable(pool);
            for (int round = 0; round < plan.rounds(); round++) {
                RoundRun r = new RoundRun(round, round == 1 ? plan.waterfallOps() : 0);
                long start = System.nanoTime();
                Concurrent.run(plan.threads(), t -> r.work(pool, t));
                rounds.add(new OverheadResult.Round(round, (System.nanoTime() - start) / 1_000_000d, r.errors.get(), round == 0));
                if (round > 0) {
                    r.addTo(measured);
                }
                waterfall.addAll(r.waterfall());
            }
        }
        measured.forEach((phase, h) -> histograms.put(kind.name() + "/" + phase.name().toLowerCase(), h));
        return OverheadResult.of(kind, plan, rounds, measured, waterfall);
    }

    private static void resetTable(Pool pool) throws SQLException {
        try (Connection c = pool.borrow(); Statement s = c.createStatement()) {
            s.execute("TRUNCATE TABLE item");
            try (PreparedStatement ps = c.prepareStatement(WRITE)) {
                for (int i = 0; i < PRELOADED; i++) {
                    bindWrite(ps, "pre-" + i);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
    }

    private static final String WRITE = "INSERT INTO item (file_name, user_guid, media_type, date_created) VALUES (?, ?, ?, NOW())";
    private static final String READ = "SELECT file_name, user_guid, media_type, date_created, date_updated FROM item WHERE file_name = ?";

    private static void bindWrite(PreparedStatement ps, String name) throws SQLException {
        ps.setString(1, name);
        ps.setString(2, "guid-" + (name.hashCode() & 0xffff));
        ps.setString(3, "image/png");
    }

    /** One round: threads take operation numbers from a shared counter until the round's count is done. */
    private final class RoundRun {
        private final int round;
        private final int waterfallOps;
        private final AtomicInteger next = new AtomicInteger();
        private final AtomicInteger errors = new AtomicInteger();
        private final Histogram[][] perThread = new Histogram[plan.threads()][Phase.values().length];
        private final OverheadResult.Op[] ops;
        private final long origin = System.nanoTime();

        RoundRun(int round, int waterfallOps) {
            this.round = round;
            this.waterfallOps = waterfallOps;
            this.ops = new OverheadResult.Op[waterfallOps];
        }

        void work(Pool pool, int thread) {
            Histogram[] mine = perThread[thread];
            for (int p = 0; p < mine.length; p++) {
                mine[p] = Stats.histogram();
            }
            int op;
            while ((op = next.getAndIncrement()) < plan.opsPerRound()) {
                long t0 = System.nanoTime();
                long t1 = t0;
                long t2 = t0;
                try (Connection c = pool.borrow()) {
                    t1 = System.nanoTime();
                    execute(c, op);
                    t2 = System.nanoTime();
                } catch (SQLException e) {
                    errors.incrementAndGet();
                    continue;
                }
                long t3 = System.nanoTime();
                mine[Phase.ACQUIRE.ordinal()].recordValue(t1 - t0);
                mine[Phase.EXECUTE.ordinal()].recordValue(t2 - t1);
                mine[Phase.RELEASE.ordinal()].recordValue(t3 - t2);
                mine[Phase.OVERHEAD.ordinal()].recordValue((t1 - t0) + (t3 - t2));
                if (op < waterfallOps) {
                    ops[op] = new OverheadResult.Op(op, thread, micros(t0), micros(t1), micros(t2), micros(t3));
                }
            }
        }

        private double micros(long nanos) {
            return (nanos - origin) / 1_000d;
        }

        private void execute(Connection c, int op) throws SQLException {
            if (op % READ_EVERY == 0) {
                try (PreparedStatement ps = c.prepareStatement(READ)) {
                    ps.setString(1, "pre-" + (op % PRELOADED));
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                    }
                }
            } else {
                try (PreparedStatement ps = c.prepareStatement(WRITE)) {
                    bindWrite(ps, "r" + round + "-" + op);
                    ps.executeUpdate();
                }
            }
        }

        void addTo(Map<Phase, Histogram> measured) {
            for (Histogram[] mine : perThread) {
                for (Phase p : Phase.values()) {
                    measured.get(p).add(mine[p.ordinal()]);
                }
            }
        }

        List<OverheadResult.Op> waterfall() {
            List<OverheadResult.Op> list = new ArrayList<>();
            for (OverheadResult.Op o : ops) {
                if (o != null) {
                    list.add(o);
                }
            }
            return list;
        }
    }
}
