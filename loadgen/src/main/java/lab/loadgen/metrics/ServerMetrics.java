package lab.loadgen.metrics;

/**
 * What the instance's Prometheus endpoint said during one step. Null figures: no sample had them;
 * {@link #error} then says why.
 *
 * @param maxThreads  max of jvm_threads_live_threads
 * @param maxHeapMb   max of jvm_memory_used_bytes{area="heap"} summed over pools, in MB (2^20 bytes)
 * @param meanCpuPct  mean of process_cpu_usage x 100 (100 = every core of the server's machine busy)
 * @param failedPanels portal pages served with a failed panel: growth of portal_panel_failures_total
 *                    (a partial page is a 200, so the load tools count it as a success)
 * @param samples     successful scrapes
 */
public record ServerMetrics(Integer maxThreads, Double maxHeapMb, Double meanCpuPct, Long failedPanels, int samples,
                            String error) {
}
