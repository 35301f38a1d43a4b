package lab.report.results;

/**
 * What a point's successful requests cost the app (and what the machine left it), from /proc over
 * the measured window and the app's own metrics. A figure that cannot be derived is null.
 *
 * @param cpuMsPerSuccess       the app's CPU time per successful request, ms
 * @param successesPerCpuSecond goodput per core of the app: successes per second of its CPU time
 * @param heapMbPerKConn        heap used (max) per 1,000 open connections of the load, MB
 * @param threadsPerKConn       live threads (max) per 1,000 open connections of the load
 * @param cpuLeftCores          the machine's cores less what every other process used: the CPU the
 *                              measured instance could have had
 * @param cpuMsPerSuccessByPart where a success's CPU went, ms per success by part of the machine: the app,
 *                              the link (toxiproxy), each database server, the load tool, the rest
 *                              (loadgen, other processes; as measured, so it may be below 0); null
 *                              without the per-process figures
 */
public record Cost(Double cpuMsPerSuccess, Double successesPerCpuSecond, Double heapMbPerKConn, Double threadsPerKConn,
                   Double cpuLeftCores, java.util.Map<String, Double> cpuMsPerSuccessByPart) {

    public Cost(Double cpuMsPerSuccess, Double successesPerCpuSecond, Double heapMbPerKConn, Double threadsPerKConn,
                Double cpuLeftCores) {
        this(cpuMsPerSuccess, successesPerCpuSecond, heapMbPerKConn, threadsPerKConn, cpuLeftCores, null);
    }

    /** This cost with the CPU per success by part: {@code cpuPctByPart} (% of a core per part) ÷ the goodput. */
    public Cost withParts(java.util.Map<String, Double> cpuPctByPart, Double goodput) {
        if (cpuPctByPart == null || goodput == null || goodput <= 0) {
            return this;
        }
        java.util.Map<String, Double> ms = new java.util.LinkedHashMap<>();
        cpuPctByPart.forEach((part, pct) -> ms.put(part, round(pct / 100.0 * 1000.0 / goodput)));
        return new Cost(cpuMsPerSuccess, successesPerCpuSecond, heapMbPerKConn, threadsPerKConn, cpuLeftCores,
                java.util.Collections.unmodifiableMap(ms));
    }

    /**
     * @param goodput        successes per second
     * @param appCpuPct      the app's CPU over the window, % of one core (from /proc)
     * @param heapMb         max heap used
     * @param threads        max live threads
     * @param connections    the load's open connections
     * @param cores          the machine's cores
     * @param machineBusyPct every process' CPU over the window, % of one core
     */
    public static Cost of(Double goodput, Double appCpuPct, Double heapMb, Integer threads, Integer connections,
                          Integer cores, Double machineBusyPct) {
        Double cpuMs = appCpuPct == null || goodput == null || goodput <= 0 ? null : appCpuPct / 100.0 * 1000.0 / goodput;
        Double perCpuSecond = appCpuPct == null || goodput == null || appCpuPct <= 0 ? null : goodput / (appCpuPct / 100.0);
        Double heap = heapMb == null || connections == null || connections <= 0 ? null : heapMb * 1000.0 / connections;
        Double thr = threads == null || connections == null || connections <= 0 ? null : threads * 1000.0 / connections;
        Double left = cores == null || machineBusyPct == null || appCpuPct == null ? null
                : Math.max(0, cores - (machineBusyPct - appCpuPct) / 100.0);
        return new Cost(round(cpuMs), round(perCpuSecond), round(heap), round(thr), round(left));
    }

    private static Double round(Double v) {
        return v == null ? null : Math.round(v * 1000.0) / 1000.0;
    }
}
