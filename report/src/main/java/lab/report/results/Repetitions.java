package lab.report.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import lab.report.Spread;

/**
 * One point from its repetitions: every figure is the median of the repetitions that produced it,
 * {@code spread} keeps median, min and max of the figures the report draws, counts (requests,
 * errors, duration) are summed, flags are united, and a closed-loop point is flagged when its two
 * counts of requests in flight say it did not hold its nominal concurrency, or when its load is not
 * known ({@link Point#held}: a count missing, or the two disagreeing). A repetition with a flaw of its own
 * ({@link #flaw}: another process took the CPU, the load tool was the bottleneck, more in flight
 * than connections) is left out of the figures and counted ({@link Point#repetitionsLeftOut}),
 * instead of flagging its whole point; only when every repetition has one does the point carry them.
 */
public final class Repetitions {

    /** The spread of the machine's speed over the repetitions ({@link Interference#hostLoopMs}). */
    public static final String HOST_LOOP = "interference.hostLoopMs";
    /** The figures whose spread is kept and drawn as min–max bars. */
    static final Map<String, Function<Point, Number>> SPREAD = spreadFigures();

    private Repetitions() {
    }

    private static Map<String, Function<Point, Number>> spreadFigures() {
        Map<String, Function<Point, Number>> m = new LinkedHashMap<>();
        m.put("requestsPerSec", Point::requestsPerSec);
        m.put("meanReplyMs", Point::meanReplyMs);
        m.put("p50Ms", Point::p50Ms);
        m.put("p99Ms", Point::p99Ms);
        m.put("p999Ms", Point::p999Ms);
        m.put("serverThreads", Point::serverThreads);
        m.put("serverHeapMb", Point::serverHeapMb);
        m.put("serverCpuPct", Point::serverCpuPct);
        m.put("littleConcurrency", Point::littleConcurrency);
        m.put("queue.appInFlight", p -> p.queue() == null ? null : p.queue().appInFlight());
        m.put("queue.instanceRttMs", p -> p.queue() == null ? null : p.queue().instanceRttMs());
        m.put("answersPerSec", Point::answersPerSec);
        m.put("errorRatePct", Point::errorRatePct);
        m.put("cost.cpuMsPerSuccess", p -> p.cost() == null ? null : p.cost().cpuMsPerSuccess());
        m.put(HOST_LOOP, p -> p.interference() == null ? null : p.interference().hostLoopMs());
        return java.util.Collections.unmodifiableMap(m);
    }

    /**
     * @param closedLoop whether the tool holds its connections busy (wrk, httperf): only then is
     *                   achieved concurrency below 90 % of nominal a flaw (an open-loop tool at a
     *                   fixed rate keeps fewer requests in flight by design)
     * @param rttMs      the link's asked round trip of the step, or null
     */
    public static Point aggregate(int level, List<Point> reps, boolean closedLoop, Double rttMs) {
        List<Point> kept = kept(reps);
        List<Point> ok = kept.stream().filter(p -> p.error() == null).toList();
        Set<String> flags = new LinkedHashSet<>();
        kept.forEach(p -> {
            if (p.flags() != null) {
                flags.addAll(p.flags());
            }
        });
        flags.remove(Point.FLAG_FAILED);
        Point first = reps.getFirst();
        if (ok.isEmpty()) {
            flags.add(Point.FLAG_FAILED);
            return new Point(level, null, null, null, null, null, null, null, null, null, null, null, null, null,
                    first.targetRate(), null, null, null, null, first.loadToolSaturated(), first.saturationReason(),
                    Map.of(), null, first.unmeasured(), List.copyOf(flags), first.error(), null, first.started(),
                    null, Map.of(), List.copyOf(reps), null, rttMs, null, first.dbConnections(), first.multiplexing(),
                    null, null, null, null, null, null, null);
        }
        if (ok.size() < kept.size()) {
            flags.add("someRepetitionsFailed");
        }
        Map<String, Spread> spread = new LinkedHashMap<>();
        SPREAD.forEach((name, f) -> {
            Spread s = Spread.of(ok.stream().map(f).filter(v -> v != null).toList());
            if (s != null) {
                spread.put(name, s);
            }
        });
        Double little = median(ok, Point::littleConcurrency);
        Double appInFlight = median(ok, p -> p.queue() == null ? null : p.queue().appInFlight());
        Double toolConnections = median(ok, p -> p.queue() == null ? null : p.queue().toolConnections());
        Point.Held held = Point.held(little, appInFlight, level);
        if (closedLoop && held == Point.Held.BELOW) {
            flags.add(Point.FLAG_BELOW_NOMINAL);
        } else if (closedLoop && !held.known()) {
            flags.add(Point.FLAG_LOAD_UNKNOWN);
        }
        if (closedLoop && trends(kept)) {
            flags.add(Point.FLAG_NOT_STEADY);
        }
        Long successes = sum(ok, Point::successes);
        Long errors = sum(ok, Point::errors);
        // the point's error rate is over all its repetitions' requests, not a median of rates
        Double errorRate = successes == null || errors == null || successes + errors == 0 ? null
                : Math.round(errors * 10000.0 / (successes + errors)) / 100.0;
        if (errorRate != null && errorRate > Point.ERROR_LIMIT_PCT) {
            flags.add(Point.FLAG_ERRORS);
        } else {
            flags.remove(Point.FLAG_ERRORS);
        }
        Interference interference = Interference.worst(ok.stream().map(Point::interference).toList());
        if (interference != null && interference.flagged()) {
            flags.add(Point.FLAG_INTERFERENCE);
        }
        Point m = ok.getFirst();
        Map<String, Long> errorDetail = new LinkedHashMap<>();
        ok.forEach(p -> {
            if (p.errorDetail() != null) {
                p.errorDetail().forEach((k, v) -> errorDetail.merge(k, v, Long::sum));
            }
        });
        return new Point(level, median(ok, Point::requestsPerSec), median(ok, Point::meanReplyMs),
                median(ok, Point::p50Ms), median(ok, Point::p99Ms), sum(ok, Point::errors),
                intMedian(ok, Point::serverThreads), median(ok, Point::serverHeapMb),
                median(ok, Point::p75Ms), median(ok, Point::p90Ms), median(ok, Point::p999Ms), max(ok, Point::maxMs),
                sum(ok, Point::requests), sumD(ok, Point::durationSec), m.targetRate(),
                intMedian(ok, Point::achievedConcurrency), median(ok, Point::serverCpuPct),
                median(ok, Point::loadToolCpuPct), sumD(ok, Point::loadToolCpuSec),
                ok.stream().anyMatch(p -> Boolean.TRUE.equals(p.loadToolSaturated())),
                ok.stream().map(Point::saturationReason).filter(r -> r != null).findFirst().orElse(null),
                errorDetail, sum(ok, Point::failedPanels), m.unmeasured(), List.copyOf(flags), null, null,
                first.started(), little, spread, List.copyOf(reps), interference, rttMs,
                null, m.dbConnections(), m.multiplexing(), successes,
                median(ok, Point::answersPerSec), errorRate, median(ok, Point::failureMeanMs),
                ok.stream().anyMatch(p -> Point.ALL_ANSWERS.equals(p.latencyOf())) ? Point.ALL_ANSWERS
                        : m.latencyOf(), cost(ok), new Point.Queue(median(ok, p -> p.queue() == null ? null
                        : p.queue().instanceRttMs()), null, null, appInFlight, toolConnections));
    }

    /**
     * A measured repetition's own flaw, which leaves it out of its point: {@link Point#FLAG_INTERFERENCE}
     * (another process took the CPU while it ran), {@link Point#FLAG_SATURATED} (the load tool was the
     * bottleneck) or {@link Point#FLAG_INCONSISTENT}; null for a sound or a failed one. Errors are no
     * flaw: they are what the mode did, and stay in its point.
     */
    public static String flaw(Point rep) {
        if (rep.error() != null) {
            return null;
        }
        if (rep.interference() != null && rep.interference().flagged()) {
            return Point.FLAG_INTERFERENCE;
        }
        for (String f : List.of(Point.FLAG_SATURATED, Point.FLAG_INCONSISTENT)) {
            if (rep.hasFlag(f)) {
                return f;
            }
        }
        return null;
    }

    /** The repetitions a point's figures come from: all but the flawed ones, unless no measured one is sound. */
    static List<Point> kept(List<Point> reps) {
        boolean anySound = reps.stream().anyMatch(p -> p.error() == null && flaw(p) == null);
        return anySound ? reps.stream().filter(p -> flaw(p) == null).toList() : reps;
    }

    /**
     * Whether the goodput of three or more repetitions, in the order run, rises (or falls) at every
     * step and by more than {@link Point#TREND_PCT} % from the first to the last: the instance was
     * still warming up (or wearing down) while measured. A failed repetition breaks no trend.
     */
    static boolean trends(List<Point> reps) {
        List<Double> v = reps.stream().filter(p -> p.error() == null && p.requestsPerSec() != null)
                .map(Point::requestsPerSec).toList();
        if (v.size() < 3 || !(v.getFirst() > 0)) {
            return false;
        }
        boolean up = true;
        boolean down = true;
        for (int i = 1; i < v.size(); i++) {
            up &= v.get(i) > v.get(i - 1);
            down &= v.get(i) < v.get(i - 1);
        }
        double change = Math.abs(v.getLast() / v.getFirst() - 1) * 100;
        return (up || down) && change > Point.TREND_PCT;
    }

    /** Each cost figure's median over the repetitions that have one. */
    private static Cost cost(List<Point> ok) {
        List<Cost> costs = ok.stream().map(Point::cost).filter(c -> c != null).toList();
        if (costs.isEmpty()) {
            return null;
        }
        Map<String, Double> byPart = new LinkedHashMap<>();
        costs.stream().filter(c -> c.cpuMsPerSuccessByPart() != null).flatMap(c -> c.cpuMsPerSuccessByPart().keySet().stream())
                .distinct().forEach(part -> byPart.put(part, costMedian(costs, c -> c.cpuMsPerSuccessByPart() == null ? null
                        : c.cpuMsPerSuccessByPart().get(part))));
        return new Cost(costMedian(costs, Cost::cpuMsPerSuccess), costMedian(costs, Cost::successesPerCpuSecond),
                costMedian(costs, Cost::heapMbPerKConn), costMedian(costs, Cost::threadsPerKConn),
                costMedian(costs, Cost::cpuLeftCores), byPart.isEmpty() ? null : byPart);
    }

    private static Double costMedian(List<Cost> costs, Function<Cost, Double> f) {
        Spread s = Spread.of(costs.stream().map(f).filter(v -> v != null).toList());
        return s == null ? null : s.median();
    }

    private static Double median(List<Point> ps, Function<Point, ? extends Number> f) {
        Spread s = Spread.of(ps.stream().map(f).filter(v -> v != null).map(v -> (Number) v).toList());
        return s == null ? null : s.median();
    }

    private static Integer intMedian(List<Point> ps, Function<Point, ? extends Number> f) {
        Double m = median(ps, f);
        return m == null ? null : (int) Math.round(m);
    }

    private static Double max(List<Point> ps, Function<Point, Double> f) {
        return ps.stream().map(f).filter(v -> v != null).max(Double::compare).orElse(null);
    }

    private static Long sum(List<Point> ps, Function<Point, Long> f) {
        List<Long> v = ps.stream().map(f).filter(x -> x != null).toList();
        return v.isEmpty() ? null : v.stream().mapToLong(Long::longValue).sum();
    }

    private static Double sumD(List<Point> ps, Function<Point, Double> f) {
        List<Double> v = ps.stream().map(f).filter(x -> x != null).toList();
        return v.isEmpty() ? null : v.stream().mapToDouble(Double::doubleValue).sum();
    }
}
