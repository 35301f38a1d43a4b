package lab.loadgen.faults;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import lab.loadgen.config.Instance;
import lab.loadgen.metrics.MetricsSampler;
import lab.loadgen.metrics.PrometheusText;

/**
 * One fault × instance: steady load, a baseline, the fault for a fixed window, clearing it, waiting
 * (bounded) until every answer is OK again for {@code quiet}, then the leak and purchase checks.
 */
final class CellRunner {

    /** The gauge every instance exports with the time by which it answers a page, data or error (seconds). */
    /** Only to bound a request's wait when the instance's own limit could not be read (the cell is then amber). */
    static final long UNKNOWN_LIMIT_MS = 30_000;
    /** Thresholds of a cell's grade: the slack on answer times, the recovery time for green, and the leak allowances. */
    static final long SLACK_MS = 1_000;
    static final long RECOVERY_GREEN_MS = 5_000;
    static final int THREAD_LEAK = 10;
    static final int FILE_LEAK = 20;
    static final int CONN_LEAK = 10;
    /** How long after recovery resources may take to come back to their baseline before they count as grown. */
    static final Duration LEAK_WINDOW = Duration.ofSeconds(10);

    record Timing(Duration baseline, Duration window, Duration recoveryMax, Duration quiet, Duration settle) {
    }

    private final Injector injector;
    private final Servers servers;
    private final InstanceLog logs;
    private final Timing timing;
    private final int connections;
    private final HttpClient scrape = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    CellRunner(Injector injector, Servers servers, InstanceLog logs, Timing timing, int connections) {
        this.injector = injector;
        this.servers = servers;
        this.logs = logs;
        this.timing = timing;
        this.connections = connections;
    }

    Cell run(Instance instance, URI base, Fault fault) throws Exception {
        List<String> notes = new ArrayList<>();
        // the limit is the one the instance runs with, not a default of ours
        Double limitS = gauge(base, instance, MetricsSampler.ANSWER_LIMIT);
        Long limitMs = limitS == null ? null : Math.round(limitS * 1000);
        Duration hangAfter = Duration.ofMillis((limitMs == null ? UNKNOWN_LIMIT_MS : limitMs) + 10_000);
        boolean shop = instance.app().equals("shop");
        List<Long> buyable = shop ? servers.buyableItems(20) : List.of();
        long[] shopBefore = shop ? servers.ordersAndStock() : null;
        // threads, files and sessions are compared under the same load: at the end of the baseline
        // and once recovered (a cold instance grows its pools in the first seconds; no leak)
        Integer threadsBefore;
        Integer filesBefore;
        Integer connsBefore;
        Integer threadsAfter = null;
        Integer filesAfter = null;
        Integer connsAfter = null;

        long t0;
        long t1;
        Integer killed;
        Long recoveredAt = null;
        List<String> log;
        // the run's first admin connection loads its driver and shakes hands (TLS) before the load, so
        // that the count under load below keeps to its bound (on a swarm's busy load node it did not)
        servers.connections(instance.app());
        Traffic traffic = new Traffic(base, instance.app(), connections, hangAfter, buyable);
        try (traffic) {
            Thread.sleep(timing.baseline());
            threadsBefore = metric(base, instance, "jvm_threads_live_threads");
            filesBefore = metric(base, instance, "process_files_open_files");
            connsBefore = servers.connections(instance.app());
            InstanceLog.Mark logMark = logs.mark(instance);
            t0 = System.nanoTime();
            try {
                killed = injector.inject(fault, instance);
                if (killed != null && killed == 0) {
                    notes.add("0 sessions killed");
                }
                Thread.sleep(timing.window());
            } finally {
                injector.clear(fault, instance);
            }
            t1 = System.nanoTime();
            long deadline = t1 + timing.recoveryMax().toNanos();
            while (System.nanoTime() < deadline) {
                Thread.sleep(250);
                long lastBad = lastBadEnd(traffic.samples(), t1);
                boolean okSince = traffic.samples().stream().anyMatch(s -> s.outcome().ok() && s.startNs() > lastBad);
                // a request still open from before the clearing may yet end badly: not recovered until it is answered
                boolean faultAnswered = traffic.oldestInFlight() - t1 > 0;
                if (okSince && faultAnswered && System.nanoTime() - lastBad >= timing.quiet().toNanos()) {
                    recoveredAt = lastBad;
                    // a leak stays; what the fault left behind to be closed (a proxy's upstream session, a
                    // pool thread finishing its timed-out call) goes within LEAK_WINDOW, still under load
                    long leakDeadline = System.nanoTime() + LEAK_WINDOW.toNanos();
                    do {
                        threadsAfter = metric(base, instance, "jvm_threads_live_threads");
                        filesAfter = metric(base, instance, "process_files_open_files");
                        connsAfter = servers.connections(instance.app());
                        if (!grew(threadsBefore, threadsAfter, THREAD_LEAK) && !grew(filesBefore, filesAfter, FILE_LEAK)
                                && !grew(connsBefore, connsAfter, CONN_LEAK)) {
                            break;
                        }
                        Thread.sleep(500);
                    } while (System.nanoTime() < leakDeadline);
                    break;
                }
            }
            if (recoveredAt == null) {
                notes.add("not recovered within " + timing.recoveryMax().toSeconds() + " s of clearing");
            }
            log = logs.since(instance, logMark);
        }
        List<Sample> samples = traffic.samples(); // every user stopped: the complete record
        Thread.sleep(timing.settle()); // the last purchases' transactions end before orders and stock are read

        Map<String, Integer> baseline = count(samples, s -> s.endNs() < t0);
        long end = recoveredAt == null ? Long.MAX_VALUE : Math.max(recoveredAt, t1);
        Map<String, Integer> during = count(samples, s -> s.endNs() >= t0 && s.startNs() <= end);
        int answered = during.values().stream().mapToInt(Integer::intValue).sum();
        Double okPct = answered == 0 ? null : 100.0 * during.get(Outcome.OK.key()) / answered;
        int fast503 = (int) samples.stream().filter(s -> s.endNs() >= t0 && s.startNs() <= end && s.status() == 503
                && s.millis() <= SLACK_MS).count();
        Long firstError = samples.stream().filter(s -> !s.outcome().ok() && s.endNs() >= t0)
                .mapToLong(Sample::endNs).min().stream().boxed().findFirst().map(e -> (e - t0) / 1_000_000).orElse(null);
        Long slowest = samples.stream().filter(s -> s.endNs() >= t0 && s.startNs() <= t1)
                .mapToLong(Sample::millis).max().stream().boxed().findFirst().orElse(null);
        Long baselineSlowest = samples.stream().filter(s -> s.endNs() < t0)
                .mapToLong(Sample::millis).max().stream().boxed().findFirst().orElse(null);
        // the complete record decides: the last bad answer after clearing, if recovery was seen at all
        Long recovery = recoveredAt == null ? null : Math.max(0, (lastBadEnd(samples, t1) - t1) / 1_000_000);

        Long[] purchases = null;
        PurchaseTally tally = shop ? PurchaseTally.of(samples) : null;
        if (shop) {
            long bought = tally.confirmed(); // distinct keys answered 200: a retried purchase counts once
            long[] shopAfter = servers.ordersAndStock();
            purchases = new Long[] {bought, shopBefore == null || shopAfter == null ? null : shopAfter[0] - shopBefore[0],
                    shopBefore == null || shopAfter == null ? null : shopBefore[1] - shopAfter[1]};
        }
        String effect = effect(fault, killed, samples, t0, t1, slowest, baselineSlowest);
        String grade = grade(during, effect, slowest, limitMs, recovery, threadsBefore, threadsAfter, filesBefore, filesAfter,
                connsBefore, connsAfter, purchases, notes);
        return new Cell(instance.name(), instance.app(), instance.mode(), fault.letter, fault.label, grade, effect, firstError,
                baseline, during, okPct, fast503, slowest, baselineSlowest, limitMs, recovery, new Integer[] {threadsBefore, threadsAfter},
                new Integer[] {filesBefore, filesAfter}, new Integer[] {connsBefore, connsAfter}, purchases, notes, tally, log);
    }

    /** End of the last non-OK answer that was still open at {@code since} or began after it; since if none. */
    static long lastBadEnd(List<Sample> samples, long since) {
        long last = since;
        for (Sample s : samples) {
            if (!s.outcome().ok() && s.endNs() > last) {
                last = s.endNs();
            }
        }
        return last;
    }

    /** Answers by outcome, every outcome present (0 when none), keyed "ok", "failed_panel", … */
    static Map<String, Integer> count(List<Sample> samples, java.util.function.Predicate<Sample> which) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Outcome o : Outcome.values()) {
            counts.put(o.key(), 0);
        }
        samples.stream().filter(which).forEach(s -> counts.merge(s.outcome().key(), 1, Integer::sum));
        return counts;
    }

    /**
     * What shows that the fault happened, or null when nothing does. A kill: sessions killed above 0
     * (a pool may replace them unseen). The others, among the requests that overlapped the fault
     * window [t0, t1] ({@code slowest} is theirs): an answer other than OK, or one slower than the
     * slowest before the fault + 1 s, or a median answer slower than the median before it + 1 s
     * (under a load that already queues, the slowest before may be an outlier).
     */
    static String effect(Fault fault, Integer killed, List<Sample> samples, long t0, long t1, Long slowest, Long baselineSlowest) {
        if (fault == Fault.KILL) {
            return killed != null && killed > 0 ? killed + " sessions killed" : null;
        }
        long notOk = samples.stream().filter(s -> !s.outcome().ok() && s.endNs() >= t0 && s.startNs() <= t1).count();
        if (notOk > 0) {
            return notOk + " answers not OK in the fault window";
        }
        if (slowest != null && baselineSlowest != null && slowest > baselineSlowest + SLACK_MS) {
            return "slowest answer in the fault window " + slowest + " ms, before it " + baselineSlowest + " ms";
        }
        Long median = median(samples, s -> s.endNs() >= t0 && s.startNs() <= t1);
        Long baselineMedian = median(samples, s -> s.endNs() < t0);
        if (median != null && baselineMedian != null && median > baselineMedian + SLACK_MS) {
            return "median answer in the fault window " + median + " ms, before it " + baselineMedian + " ms";
        }
        return null;
    }

    /** The median (lower) duration of the chosen answers in ms; null when none. */
    static Long median(List<Sample> samples, java.util.function.Predicate<Sample> which) {
        long[] ms = samples.stream().filter(which).mapToLong(Sample::millis).sorted().toArray();
        return ms.length == 0 ? null : ms[(ms.length - 1) / 2];
    }

    /** The note of a cell whose fault showed no effect. */
    static final String NO_EFFECT = "no effect seen";

    /**
     * Red: a hang, an answer slower than limit + 1 s, no recovery, or purchases that do not add up.
     * Amber: no sign that the fault happened ({@link #effect} null: "no effect seen"), recovery over
     * 5 s, a wrong answer (5xx other than 503), resources that grew, or a figure that could not be
     * read ("unmeasured": no evidence is never a pass).
     */
    static String grade(Map<String, Integer> during, String effect, Long slowest, Long limitMs, Long recovery, Integer thrB, Integer thrA,
                        Integer fdB, Integer fdA, Integer connB, Integer connA, Long[] purchases, List<String> notes) {
        String grade = Cell.GREEN;
        if (during.get(Outcome.HANG.key()) > 0) {
            notes.add(during.get(Outcome.HANG.key()) + " requests hung (no answer)");
            grade = Cell.RED;
        }
        if (slowest != null && limitMs != null && slowest > limitMs + SLACK_MS) {
            notes.add("slowest " + slowest + " ms > timeout " + limitMs + " ms + 1 s");
            grade = Cell.RED;
        }
        if (recovery == null) {
            grade = Cell.RED;
        }
        if (purchases != null && purchases[1] != null && (!purchases[0].equals(purchases[1]) || !purchases[1].equals(purchases[2]))) {
            notes.add("purchases: " + purchases[0] + " confirmed, " + purchases[1] + " new orders, stock -" + purchases[2]);
            grade = Cell.RED;
        }
        if (grade.equals(Cell.RED)) {
            return grade;
        }
        if (effect == null) {
            notes.add(NO_EFFECT);
            grade = Cell.AMBER;
        }
        if (recovery > RECOVERY_GREEN_MS) {
            notes.add("recovery " + recovery + " ms > 5 s");
            grade = Cell.AMBER;
        }
        if (during.get(Outcome.ERROR.key()) > 0) {
            notes.add(during.get(Outcome.ERROR.key()) + " wrong answers (5xx other than 503)");
            grade = Cell.AMBER;
        }
        if (grew(thrB, thrA, THREAD_LEAK) || grew(fdB, fdA, FILE_LEAK) || grew(connB, connA, CONN_LEAK)) {
            notes.add("resources grew (threads " + thrB + "→" + thrA + ", files " + fdB + "→" + fdA + ", server sessions " + connB + "→" + connA + ")");
            grade = Cell.AMBER;
        }
        List<String> unread = new ArrayList<>();
        if (limitMs == null) {
            unread.add("the instance's answer limit (" + MetricsSampler.ANSWER_LIMIT + ")");
        }
        if (slowest == null) {
            unread.add("the slowest answer (none overlapped the fault)");
        }
        if (thrB == null || thrA == null) {
            unread.add("live threads");
        }
        if (fdB == null || fdA == null) {
            unread.add("open files");
        }
        if (connB == null || connA == null) {
            unread.add("server sessions");
        }
        if (purchases != null && (purchases[1] == null || purchases[2] == null)) {
            unread.add("orders and stock");
        }
        if (!unread.isEmpty()) {
            notes.add(UNMEASURED + ": " + String.join(", ", unread));
            grade = Cell.AMBER;
        }
        return grade;
    }

    /** How a note about figures that could not be read starts. */
    static final String UNMEASURED = "unmeasured";

    private static boolean grew(Integer before, Integer after, int by) {
        return before != null && after != null && after - before > by;
    }

    /** One gauge from the instance's Prometheus page, rounded; null when it cannot be read. */
    private Integer metric(URI base, Instance instance, String name) {
        Double v = gauge(base, instance, name);
        return v == null ? null : (int) Math.round(v);
    }

    /** One gauge from the instance's Prometheus page; null when it cannot be read. */
    private Double gauge(URI base, Instance instance, String name) {
        if (!instance.hasMetrics()) {
            return null;
        }
        try {
            PrometheusText text = PrometheusText.read(scrape, base.resolve(instance.metricsPath()), Duration.ofSeconds(5));
            OptionalDouble v = text == null ? OptionalDouble.empty() : text.sum(name);
            return v.isPresent() ? v.getAsDouble() : null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
