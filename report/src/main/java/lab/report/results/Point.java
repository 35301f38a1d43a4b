package lab.report.results;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lab.report.Spread;

/**
 * One concurrency level of one series. The first eight fields are DESIGN.md's; the rest are
 * extras. A figure that was not measured is null and {@link #unmeasured} names the reason.
 *
 * @param serverThreads    max jvm_threads_live_threads during the step
 * @param serverHeapMb     max heap used during the step (jvm_memory_used_bytes{area="heap"} summed), MB
 * @param serverCpuPct     mean process_cpu_usage during the step x 100 (100 = all the server machine's cores)
 * @param loadToolCpuPct   the load tool's CPU over the step, 100 = one core
 * @param targetRate       wrk2 -R, requests/sec
 * @param achievedConcurrency httperf's "&lt;=N concurrent connections"
 * @param failedPanels     portal pages that came back 200 with a failed panel (null: the app has no panels)
 * @param flags            e.g. "loadToolSaturated", "failed", "interrupted"
 * @param raw              the tool's output, relative to the run directory
 * @param littleConcurrency achieved concurrency by Little's law: answers/sec x a measured mean reply time
 *                         (the tool's own where it is measured: httperf, oha; wrk's mean is corrected
 *                         for coordinated omission with synthetic samples, so for wrk the law's other
 *                         side: the time-mean of requests in flight its status script counted)
 * @param spread           per figure, the median, min and max over the repetitions (the point's own
 *                         figures are the medians); null on a repetition itself
 * @param repetitions      every repetition of this point, in order; null on a repetition itself
 * @param interference     CPU of the instance, its databases, the other instances and the rest
 * @param rttMs            the link's round-trip time asked for (PROFILE=latency), null without a link
 * @param rttMeasuredMs    the link's round trip at rest: loadgen's own idle connection through the
 *                         instance's proxy, timed before the scenario's first round and after its last,
 *                         each time only when the instances were seen idle (median); null with its
 *                         reason in {@code unmeasured} when none was taken
 * @param dbConnections    per database source, the instance's effective connection count (access.pool.size)
 * @param multiplexing     whether the instance's non-blocking sessions share pipelined connections (null: not reported)
 * @param successes        complete successes counted (2xx; a portal page with a failed panel is not one)
 * @param answersPerSec    answers of any status per second (what the tools print as requests/sec);
 *                         {@link #requestsPerSec} is the goodput, successes per second
 * @param errorRatePct     failures (non-2xx answers, socket errors, timeouts) ÷ (successes + failures), %
 * @param failureMeanMs    the failures' mean reply time, where the tool times them apart
 * @param latencyOf        what the latency figures describe: "successes", or "all answers" where the
 *                         tool cannot time successes apart and some answers failed
 * @param cost             what the successes cost the app: CPU per success, goodput per core, heap
 *                         and threads per 1,000 connections, the CPU the machine left it
 * @param queue            the time a reply spent beyond the link's round trips: the instance's own
 *                         probe (behind the load's queue) and the reply time less the page's round trips
 */
public record Point(
        Integer concurrency,
        Double requestsPerSec,
        Double meanReplyMs,
        Double p50Ms,
        Double p99Ms,
        Long errors,
        Integer serverThreads,
        Double serverHeapMb,
        Double p75Ms,
        Double p90Ms,
        Double p999Ms,
        Double maxMs,
        Long requests,
        Double durationSec,
        Double targetRate,
        Integer achievedConcurrency,
        Double serverCpuPct,
        Double loadToolCpuPct,
        Double loadToolCpuSec,
        Boolean loadToolSaturated,
        String saturationReason,
        Map<String, Long> errorDetail,
        Long failedPanels,
        Map<String, String> unmeasured,
        List<String> flags,
        String error,
        String raw,
        String started,
        Double littleConcurrency,
        Map<String, Spread> spread,
        List<Point> repetitions,
        Interference interference,
        Double rttMs,
        Double rttMeasuredMs,
        Map<String, Integer> dbConnections,
        Boolean multiplexing,
        Long successes,
        Double answersPerSec,
        Double errorRatePct,
        Double failureMeanMs,
        String latencyOf,
        Cost cost,
        Queue queue) {

    /** Flag: the tool produced no usable figures (on a repetition; a point whose every repetition failed). */
    /** The key of {@link #unmeasured} that says why a point has no {@link #rttMeasuredMs}. */
    public static final String RTT_MEASURED = "rttMeasuredMs";
    public static final String FLAG_FAILED = "failed";
    /** Flag: the load tool itself was the bottleneck. */
    public static final String FLAG_SATURATED = "loadToolSaturated";
    /**
     * Flag: achieved concurrency (Little's law on a measured mean) below {@link #NOMINAL_SHARE} of the
     * nominal connections, and the app's own in-flight figure ({@link Queue#appInFlight}) agrees.
     */
    public static final String FLAG_BELOW_NOMINAL = "belowNominalConcurrency";
    /** Flag: the CPU was shared with other processes beyond {@link Interference#LIMIT_PCT}. */
    public static final String FLAG_INTERFERENCE = "interference";
    public static final double NOMINAL_SHARE = 0.9;
    /**
     * Flag: the load a closed loop held is not known ({@link Held#NOT_COUNTED} or {@link Held#DISAGREE}):
     * an unknown count blocks a verdict as a count below would.
     */
    public static final String FLAG_LOAD_UNKNOWN = "loadUnknown";
    /** Flag: more than {@link #ERROR_LIMIT_PCT} % of the requests failed; it lowers only the point's own goodput ({@code Pairwise}). */
    public static final String FLAG_ERRORS = "errors";
    public static final double ERROR_LIMIT_PCT = 1.0;
    /**
     * Flag: Little's law says more requests were in flight than the tool had connections (by more than
     * 10 %), and the app's own in-flight figure agrees.
     */
    public static final String FLAG_INCONSISTENT = "inconsistent";
    public static final double INCONSISTENT_SHARE = 1.1;
    /**
     * Flag: the repetitions still trend one way (each above the one before, or each below, by more
     * than {@link #TREND_PCT} % from first to last): the instance was not steady when measured.
     */
    public static final String FLAG_NOT_STEADY = "notSteady";
    public static final double TREND_PCT = 25.0;
    /** {@link #latencyOf}: the latency figures are the successes', or every answer's. */
    public static final String SUCCESSES = "successes";
    public static final String ALL_ANSWERS = "all answers";

    /** The figures one tool run gives (a repetition), before repetitions, interference and link are known. */
    public Point(Integer concurrency, Double requestsPerSec, Double meanReplyMs, Double p50Ms, Double p99Ms, Long errors,
                 Integer serverThreads, Double serverHeapMb, Double p75Ms, Double p90Ms, Double p999Ms, Double maxMs,
                 Long requests, Double durationSec, Double targetRate, Integer achievedConcurrency, Double serverCpuPct,
                 Double loadToolCpuPct, Double loadToolCpuSec, Boolean loadToolSaturated, String saturationReason,
                 Map<String, Long> errorDetail, Long failedPanels, Map<String, String> unmeasured, List<String> flags,
                 String error, String raw, String started) {
        this(concurrency, requestsPerSec, meanReplyMs, p50Ms, p99Ms, errors, serverThreads, serverHeapMb, p75Ms, p90Ms,
                p999Ms, maxMs, requests, durationSec, targetRate, achievedConcurrency, serverCpuPct, loadToolCpuPct,
                loadToolCpuSec, loadToolSaturated, saturationReason, errorDetail, failedPanels, unmeasured, flags, error,
                raw, started, little(requestsPerSec, meanReplyMs), null, null, null, null, null, null, null,
                null, null, null, null, null, null, null);
    }

    /** Little's law: requests in flight = arrival rate x time in the system. */
    public static Double little(Double requestsPerSec, Double meanReplyMs) {
        return requestsPerSec == null || meanReplyMs == null ? null
                : Math.round(requestsPerSec * meanReplyMs / 1000.0 * 100.0) / 100.0;
    }

    /**
     * What a closed loop's point says of the load it held, on the two counts of requests in flight:
     * Little's law (for wrk, its own count) and the app's own ({@link Queue#appInFlight}). Held or
     * below only when both are counted and both lie on the same side of {@link #NOMINAL_SHARE} ×
     * {@code level}; with either missing, or the two on opposite sides, the load held is not known.
     * The tool's open connections decide nothing: an open connection need not hold a request (the
     * shop's event loop had 10,000 open with 2,064 requests inside the app).
     */
    public static Held held(Double little, Double appInFlight, int level) {
        if (little == null || appInFlight == null) {
            return Held.NOT_COUNTED;
        }
        double bound = NOMINAL_SHARE * level;
        boolean tool = little >= bound;
        boolean app = appInFlight >= bound;
        return tool && app ? Held.HELD : !tool && !app ? Held.BELOW : Held.DISAGREE;
    }

    /** {@link #held(Double, Double, int)} on this point's own counts. */
    public Held held() {
        return concurrency == null ? Held.NOT_COUNTED
                : held(littleConcurrency, queue == null ? null : queue.appInFlight(), concurrency);
    }

    /** The load a closed loop held, as its two counts of requests in flight say ({@link #held(Double, Double, int)}). */
    public enum Held {
        HELD("held its connections"),
        BELOW("held under " + Math.round(NOMINAL_SHARE * 100) + " % of its connections"),
        NOT_COUNTED("requests in flight not counted (Little's law or the app's own count missing)"),
        DISAGREE("the tool's and the app's counts of requests in flight disagree");

        private final String words;

        Held(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }

        /** Whether the load held is known (held, or known to be below). */
        public boolean known() {
            return this == HELD || this == BELOW;
        }
    }

    /** Whether a closed loop held less than {@link #NOMINAL_SHARE} × {@code level}, by both counts (see {@link #held}). */
    public static boolean belowNominal(Double little, Double appInFlight, int level) {
        return held(little, appInFlight, level) == Held.BELOW;
    }

    /** Whether both put more in flight than {@link #INCONSISTENT_SHARE} × {@code level} connections allow. */
    public static boolean inconsistent(Double little, Double appInFlight, int level) {
        return little != null && appInFlight != null && little > INCONSISTENT_SHARE * level
                && appInFlight > INCONSISTENT_SHARE * level;
    }

    /** Achieved ÷ nominal concurrency, or null when either is unknown. */
    public Double concurrencyShare() {
        return littleConcurrency == null || concurrency == null || concurrency == 0 ? null
                : littleConcurrency / concurrency;
    }

    /** This point at the link round trip {@code rtt} (a step that failed before measuring still belongs to its RTT). */
    public Point withRttMs(Double rtt) {
        return new Point(concurrency, requestsPerSec, meanReplyMs, p50Ms, p99Ms, errors, serverThreads, serverHeapMb,
                p75Ms, p90Ms, p999Ms, maxMs, requests, durationSec, targetRate, achievedConcurrency, serverCpuPct,
                loadToolCpuPct, loadToolCpuSec, loadToolSaturated, saturationReason, errorDetail, failedPanels,
                unmeasured, flags, error, raw, started, littleConcurrency, spread, repetitions, interference, rtt,
                rttMeasuredMs, dbConnections, multiplexing, successes, answersPerSec, errorRatePct, failureMeanMs,
                latencyOf, cost, queue);
    }

    /**
     * Queueing inside the instance, beside the link.
     *
     * @param instanceRttMs     the instance's own timed SELECT 1 through the link (lab_link_rtt_ms): it
     *                          waits behind the load on the instance's pool and event loop
     * @param roundTripsPerPage the link round trips on a page's critical path (null: not known for this app or mode)
     * @param queueMs           mean reply time less roundTripsPerPage × the link's round trip (null when either is unknown)
     * @param appInFlight       requests in flight inside the app by its own count: the mean of its gauge
     *                          http_server_requests_in_flight while the tool ran; null where the app
     *                          exports none
     * @param toolConnections   the load tool's connections to the app that were open (established): the
     *                          mean of a count every second while it ran, from the first that found one
     *                          open (runs before 2026-12-05: the most of a count every 2 s); the median
     *                          over repetitions; null where not counted (no /proc, an older run)
     */
    public record Queue(Double instanceRttMs, Integer roundTripsPerPage, Double queueMs, Double appInFlight,
                        Double toolConnections) {
        public Queue(Double instanceRttMs, Integer roundTripsPerPage, Double queueMs) {
            this(instanceRttMs, roundTripsPerPage, queueMs, null, null);
        }
    }

    /** This point with the link's round trip at rest and the queue it implies ({@code roundTrips} null: not known). */
    public Point withLinkRtt(Double rtt, Integer roundTrips) {
        return withLinkRtt(rtt, null, roundTrips);
    }

    /** As {@link #withLinkRtt(Double, Integer)}; {@code whyNone}, when no round trip at rest was taken, is its unmeasured reason. */
    public Point withLinkRtt(Double rtt, String whyNone, Integer roundTrips) {
        Double instance = queue == null ? null : queue.instanceRttMs();
        Double inFlight = queue == null ? null : queue.appInFlight();
        Double held = queue == null ? null : queue.toolConnections();
        Double q = rtt == null || roundTrips == null || meanReplyMs == null ? null
                : Math.round((meanReplyMs - roundTrips * rtt) * 100.0) / 100.0;
        Map<String, String> why = unmeasured;
        if (rtt == null && whyNone != null) {
            why = new LinkedHashMap<>(unmeasured == null ? Map.of() : unmeasured);
            why.put(RTT_MEASURED, whyNone);
        }
        return new Point(concurrency, requestsPerSec, meanReplyMs, p50Ms, p99Ms, errors, serverThreads, serverHeapMb,
                p75Ms, p90Ms, p999Ms, maxMs, requests, durationSec, targetRate, achievedConcurrency, serverCpuPct,
                loadToolCpuPct, loadToolCpuSec, loadToolSaturated, saturationReason, errorDetail, failedPanels,
                why, flags, error, raw, started, littleConcurrency, spread, repetitions, interference, rttMs,
                rtt, dbConnections, multiplexing, successes, answersPerSec, errorRatePct, failureMeanMs,
                latencyOf, cost, new Queue(instance, roundTrips, q, inFlight, held));
    }

    /**
     * The repetitions left out of this point's figures, by their flaw ({@link Repetitions#flaw}), in the
     * order met; empty when none was, or when every measured one had a flaw (the point then carries them).
     */
    public Map<String, Integer> repetitionsLeftOut() {
        Map<String, Integer> out = new java.util.LinkedHashMap<>();
        if (repetitions != null && Repetitions.kept(repetitions).size() < repetitions.size()) {
            repetitions.stream().map(Repetitions::flaw).filter(java.util.Objects::nonNull).forEach(f -> out.merge(f, 1, Integer::sum));
        }
        return out;
    }

    /** Whether this repetition of a point was left out of its figures (see {@link #repetitionsLeftOut}). */
    public boolean leftOutOf(Point point) {
        return !point.repetitionsLeftOut().isEmpty() && Repetitions.flaw(this) != null;
    }

    /** Whether the point may win a verdict or decide a claim: measured, and carrying no flag. */
    public boolean clean() {
        return error == null && (flags == null || flags.isEmpty());
    }

    public boolean hasFlag(String flag) {
        return flags != null && flags.contains(flag);
    }
}
