package lab.report.results;

import java.util.List;
import java.util.Map;

import lab.report.Spread;

/**
 * The run: DESIGN.md's id, started, profile, machine, plus extras.
 *
 * @param status  "running", "complete", "interrupted" or "failed"
 * @param plan    per app, the levels and tool settings the profile asked for
 * @param runs    for an overlay page: the ids drawn over each other; null for one run
 * @param rounds  the interleaving as it ran: per scenario and round, the modes in the order they
 *                were measured (rows of a Williams design); null when no scenario had two modes
 * @param link    the link between the apps and their databases when the run started, e.g.
 *                "0 (0 ms RTT)" through the proxies or "loopback" without them; null when unknown
 * @param proxyHop what the proxy hop adds to a round trip, measured at rest before the load; null
 *                without proxies or when it could not be measured
 * @param warmups  per instance, how long it was warmed up before its first point and whether it
 *                 was steady then; null for runs without a warm-up
 * @param profiles per point, the app's CPU flame graph taken during the point's warm-up run (so the
 *                 measured repetitions run unprofiled), or why there is none; null without profiles
 * @param linkCalibrations per round trip the run put in force below 1 ms (lan), what the link's
 *                 calibration measured it to add per query over loopback; null when none was calibrated
 * @param pools    PROFILE=pools: every pool size measured, in order ({@link PoolStep}); null in other runs
 */
public record Run(String id, String started, String finished, String profile, Machine machine,
                  String status, String order, Map<String, ToolInfo> tools, Map<String, Object> plan,
                  List<String> notes, List<String> runs, List<Round> rounds, String link, ProxyHop proxyHop,
                  List<Warmup> warmups, List<Profile> profiles, List<LinkCalibrated> linkCalibrations,
                  List<PoolStep> pools) {

    public Run(String id, String started, String finished, String profile, Machine machine, String status, String order,
               Map<String, ToolInfo> tools, Map<String, Object> plan, List<String> notes, List<String> runs,
               List<Round> rounds, String link, ProxyHop proxyHop, List<Warmup> warmups, List<Profile> profiles,
               List<LinkCalibrated> linkCalibrations) {
        this(id, started, finished, profile, machine, status, order, tools, plan, notes, runs, rounds, link, proxyHop,
                warmups, profiles, linkCalibrations, null);
    }

    /** The run with one more step of PROFILE=pools' search. */
    public Run withPoolStep(PoolStep step) {
        return new Run(id, started, finished, profile, machine, status, order, tools, plan, notes, runs, rounds, link,
                proxyHop, warmups, profiles, linkCalibrations, plus(pools, step));
    }

    /**
     * A link the run calibrated (lab.link.LinkCalibration, Table 4.1's measure: 50 queries on one
     * connection, through the proxy and directly in turn).
     *
     * @param addedMsBySource per database server, named by the source whose proxy was calibrated:
     *                        what the link adds to one query over loopback, ms
     */
    public record LinkCalibrated(double rttMs, Map<String, Double> addedMsBySource) {
    }

    public Run withLinkCalibration(LinkCalibrated c) {
        return new Run(id, started, finished, profile, machine, status, order, tools, plan, notes, runs, rounds, link,
                proxyHop, warmups, profiles, plus(linkCalibrations, c), pools);
    }

    /**
     * What the link at {@code rttMs} adds to a query as the run calibrated it: the median over the
     * sources whose proxies were calibrated, or null when none was.
     */
    public Double addedMsAt(double rttMs) {
        Map<String, Double> added = calibratedAt(rttMs);
        return added.isEmpty() ? null : Spread.of(added.values()).median();
    }

    /** What the calibration of the link at {@code rttMs} measured per source (the last one there), or an empty map. */
    public Map<String, Double> calibratedAt(double rttMs) {
        return linkCalibrations == null ? Map.of() : linkCalibrations.stream().filter(c -> Math.abs(c.rttMs() - rttMs) < 1e-9)
                .reduce((first, second) -> second).map(LinkCalibrated::addedMsBySource).orElse(Map.of());
    }

    /**
     * One point's profile.
     *
     * @param file  the flame graph (HTML), relative to the run directory; null when none was taken
     * @param error why none was taken (no PID: a container or another host; the attach refused)
     */
    public record Profile(String app, String mode, String tool, int concurrency, Double rttMs, String event, String file,
                          String error) {
    }

    public Run withProfile(Profile p) {
        return new Run(id, started, finished, profile, machine, status, order, tools, plan, notes, runs, rounds, link,
                proxyHop, warmups, plus(profiles, p), linkCalibrations, pools);
    }

    public Run(String id, String started, String finished, String profile, Machine machine, String status, String order,
               Map<String, ToolInfo> tools, Map<String, Object> plan, List<String> notes, List<String> runs,
               List<Round> rounds, String link, ProxyHop proxyHop) {
        this(id, started, finished, profile, machine, status, order, tools, plan, notes, runs, rounds, link, proxyHop,
                null, null, null);
    }

    /**
     * One instance's warm-up: closed-loop windows until two in a row agree on goodput within
     * 10 % and its JIT compiler is quiet (jvm_compilation_time_ms_total grew by less
     * than 10 % of the window), or the cap is reached.
     *
     * @param seconds    how long it took
     * @param goodput    each window's successes/s, in order
     * @param compileMs  each window's JIT compilation time, ms (null entries: not exported)
     * @param steady     whether it ended steady (false: the cap ended it)
     */
    public record Warmup(String instance, double seconds, List<Double> goodput, List<Double> compileMs, boolean steady) {
    }

    public Run withWarmup(Warmup w) {
        return new Run(id, started, finished, profile, machine, status, order, tools, plan, notes, runs, rounds, link,
                proxyHop, plus(warmups, w), profiles, linkCalibrations, pools);
    }

    /** One round of one scenario: the app, link RTT (null: left as it was), level and tool, and the modes' order. */
    public record Round(String app, Double rttMs, int concurrency, String tool, int round, List<String> order) {
    }

    /** The run with one more note (said on the page), e.g. what the sweep found before its first point. */
    public Run withNote(String note) {
        return new Run(id, started, finished, profile, machine, status, order, tools, plan, plus(notes, note), runs, rounds,
                link, proxyHop, warmups, profiles, linkCalibrations, pools);
    }

    public Run withRounds(List<Round> r) {
        return new Run(id, started, finished, profile, machine, status, order, tools, plan, notes, runs, r, link, proxyHop,
                warmups, profiles, linkCalibrations, pools);
    }

    /** {@code SELECT 1} at rest straight to a server (ms), as the proxy hop was measured; null where it was not. */
    public Double directAtRestMs() {
        return proxyHop == null ? null : proxyHop.directMs();
    }

    public Run finished(String when, String newStatus) {
        return new Run(id, started, when, profile, machine, newStatus, order, tools, plan, notes, runs, rounds, link,
                proxyHop, warmups, profiles, linkCalibrations, pools);
    }

    /** {@code list} (null: none yet) with {@code item} appended, unmodifiable. */
    private static <T> List<T> plus(List<T> list, T item) {
        List<T> all = new java.util.ArrayList<>(list == null ? List.of() : list);
        all.add(item);
        return List.copyOf(all);
    }
}
