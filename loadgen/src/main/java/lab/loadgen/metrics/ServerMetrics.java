package lab.loadgen.metrics;

/**
 * What the instance's Prometheus endpoint said during one point. Null figures: no sample had them;
 * {@link #error} then says why.
 *
 * @param maxThreads  max of jvm_threads_live_threads
 * @param maxHeapMb   max of jvm_memory_used_bytes{area="heap"} summed over pools, in MB (2^20 bytes)
 * @param meanCpuPct  mean of process_cpu_usage x 100 (100 = every core of the server's machine busy)
 * @param failedPanels portal pages served with a failed panel: growth of portal_panel_failures_total
 *                    (a partial page is a 200, so the load tools count it as a success)
 * @param samples     successful scrapes
 * @param poolSize    per source, the last {@code access_pool_size} (effective DB connections); empty when not exported
 * @param multiplexing whether {@code access_multiplexed} was on (null: not exported)
 * @param linkRttMs   per source, the link's measured round trip {@code lab_link_rtt_ms} at the point's last scrape
 * @param inFlight    requests in flight inside the app by its own count: the mean of its gauge
 *                    {@code http_server_requests_in_flight} over the scrapes while the tool ran; null
 *                    without it
 * @param toolConnections the load tool's open connections to the app (ToolConnections): the mean of
 *                    a count every second while the tool ran, from the first that found one open; null
 *                    where none was (no /proc, a point shorter than a second, or nothing connected)
 */
public record ServerMetrics(Integer maxThreads, Double maxHeapMb, Double meanCpuPct, Long failedPanels, int samples,
                            String error, java.util.Map<String, Integer> poolSize, Boolean multiplexing,
                            java.util.Map<String, Double> linkRttMs, Double inFlight, Double toolConnections) {

    public ServerMetrics(Integer maxThreads, Double maxHeapMb, Double meanCpuPct, Long failedPanels, int samples,
                         String error) {
        this(maxThreads, maxHeapMb, meanCpuPct, failedPanels, samples, error, java.util.Map.of(), null, java.util.Map.of(),
                null, null);
    }
}
