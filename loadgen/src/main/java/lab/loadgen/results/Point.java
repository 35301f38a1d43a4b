package lab.loadgen.results;

import java.util.List;
import java.util.Map;

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
        String started) {
}
