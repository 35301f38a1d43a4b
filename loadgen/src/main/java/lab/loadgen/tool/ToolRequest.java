package lab.loadgen.tool;

/**
 * One point for one tool.
 *
 * @param durationSec  wrk/wrk2 test length
 * @param callsPerConn httperf --num-calls
 * @param timeoutSec   per-request timeout (httperf --timeout, wrk --timeout)
 * @param rate         wrk2 -R (requests/sec, all connections together); null for the others
 * @param cpus         cores on this machine (wrk threads = min(cpus, connections))
 */
public record ToolRequest(String host, int port, String uri, int concurrency, int durationSec,
                          int callsPerConn, double timeoutSec, Integer rate, int cpus) {

    /**
     * The request header every tool sends (RFC 7240): the portal then answers a page with a failed
     * panel as 502, so that a tool counting status codes does not count it as throughput.
     */
    public static final String PREFER_STRICT = "Prefer: handling=strict";

    public String url() {
        return "http://" + host + ":" + port + uri;
    }

    /** wrk needs at least one connection per thread. */
    public int wrkThreads() {
        return Math.max(1, Math.min(cpus, concurrency));
    }
}
