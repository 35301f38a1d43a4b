package lab.loadgen.tool;

import lab.report.results.Point;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The counts one httperf 0.9 process printed. Several processes of one point ({@code --client i/N})
 * are merged by summing counts, taking the longest duration and weighting reply times by replies.
 */
public record HttperfStats(long connections, long requests, long replies, double durationSec,
                           int maxConcurrent, double responseMs, double transferMs,
                           long status2xx, long status4xx, long status5xx, Map<String, Long> errors, Double cpuPct) {

    private static final Pattern TOTAL = Pattern.compile(
            "^Total: connections (\\d+) requests (\\d+) replies (\\d+) test-duration ([\\d.]+) s$");
    private static final Pattern CONCURRENT = Pattern.compile("^Connection rate: .*<=(\\d+) concurrent connections\\)$");
    private static final Pattern REPLY_TIME = Pattern.compile("^Reply time \\[ms\\]: response ([\\d.]+) transfer ([\\d.]+)$");
    private static final Pattern STATUS = Pattern.compile(
            "^Reply status: 1xx=\\d+ 2xx=(\\d+) 3xx=\\d+ 4xx=(\\d+) 5xx=(\\d+)$");
    private static final Pattern CPU = Pattern.compile("^CPU time \\[s\\]: .*total ([\\d.]+)%\\)$");
    private static final Pattern ERRORS = Pattern.compile("^Errors: (.*)$");
    private static final Pattern ERROR_PAIR = Pattern.compile("([a-z-]+) (\\d+)");
    /** Client-side resource errors: httperf itself ran out of descriptors, ports or table slots. */
    static final List<String> CLIENT_LIMITS = List.of("fd-unavail", "addrunavail", "ftab-full");

    /** Parses one process' output; null when it printed no "Total:" line (it did not run). */
    public static HttperfStats parse(String output) {
        long[] total = null;
        double duration = 0;
        int concurrent = 0;
        double response = 0;
        double transfer = 0;
        long s2 = 0;
        long s4 = 0;
        long s5 = 0;
        Double cpu = null;
        Map<String, Long> errors = new LinkedHashMap<>();
        for (String line : output.split("\\R")) {
            line = line.strip();
            Matcher m;
            if ((m = TOTAL.matcher(line)).matches()) {
                total = new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))};
                duration = Double.parseDouble(m.group(4));
            } else if ((m = CONCURRENT.matcher(line)).matches()) {
                concurrent = Integer.parseInt(m.group(1));
            } else if ((m = REPLY_TIME.matcher(line)).matches()) {
                response = Double.parseDouble(m.group(1));
                transfer = Double.parseDouble(m.group(2));
            } else if ((m = STATUS.matcher(line)).matches()) {
                s2 = Long.parseLong(m.group(1));
                s4 = Long.parseLong(m.group(2));
                s5 = Long.parseLong(m.group(3));
            } else if ((m = CPU.matcher(line)).matches()) {
                cpu = Double.parseDouble(m.group(1));
            } else if ((m = ERRORS.matcher(line)).matches()) {
                Matcher pair = ERROR_PAIR.matcher(m.group(1));
                while (pair.find()) {
                    errors.put(pair.group(1), Long.parseLong(pair.group(2)));
                }
            }
        }
        if (total == null) {
            return null;
        }
        return new HttperfStats(total[0], total[1], total[2], duration, concurrent, response, transfer,
                s2, s4, s5, Map.copyOf(errors), cpu);
    }

    /** Sums several concurrent processes into one. */
    public static HttperfStats merge(List<HttperfStats> parts) {
        if (parts.size() == 1) {
            return parts.getFirst();
        }
        long replies = parts.stream().mapToLong(HttperfStats::replies).sum();
        Map<String, Long> errors = new LinkedHashMap<>();
        parts.forEach(p -> p.errors.forEach((k, v) -> errors.merge(k, v, Long::sum)));
        return new HttperfStats(
                parts.stream().mapToLong(HttperfStats::connections).sum(),
                parts.stream().mapToLong(HttperfStats::requests).sum(),
                replies,
                parts.stream().mapToDouble(HttperfStats::durationSec).max().orElse(0),
                parts.stream().mapToInt(HttperfStats::maxConcurrent).sum(),
                weighted(parts, replies, HttperfStats::responseMs),
                weighted(parts, replies, HttperfStats::transferMs),
                parts.stream().mapToLong(HttperfStats::status2xx).sum(),
                parts.stream().mapToLong(HttperfStats::status4xx).sum(),
                parts.stream().mapToLong(HttperfStats::status5xx).sum(),
                Map.copyOf(errors),
                null);
    }

    private static double weighted(List<HttperfStats> parts, long replies, java.util.function.ToDoubleFunction<HttperfStats> f) {
        if (replies == 0) {
            return 0;
        }
        return parts.stream().mapToDouble(p -> f.applyAsDouble(p) * p.replies).sum() / replies;
    }

    /**
     * Goodput is the 2xx replies over the test duration; mean reply time is httperf's mean
     * response time plus mean transfer time, of every reply (httperf does not time successes
     * apart). httperf prints no percentiles, and counts replies by class only (4xx, 5xx).
     */
    public Measurement toMeasurement() {
        Map<String, String> unmeasured = new LinkedHashMap<>();
        String noPercentiles = "httperf prints no latency percentiles";
        for (String f : List.of("p50Ms", "p90Ms", "p99Ms", "p999Ms")) {
            unmeasured.put(f, noPercentiles);
        }
        Double goodput = Measurement.perSecond(status2xx, durationSec);
        if (goodput == null) {
            unmeasured.put("requestsPerSec", "httperf test duration was 0 s");
        }
        Double mean = replies > 0 ? responseMs + transferMs : null;
        if (mean == null) {
            unmeasured.put("meanReplyMs", "no replies received");
        }
        unmeasured.put("failureMeanMs", "httperf times every reply alike: failures have no latency of their own");
        Map<String, Long> detail = new LinkedHashMap<>();
        errors.forEach((k, v) -> {
            if (!k.equals("total") && v > 0) {
                detail.put(k, v);
            }
        });
        if (status4xx > 0) {
            detail.put("status4xx", status4xx);
        }
        if (status5xx > 0) {
            detail.put("status5xx", status5xx);
        }
        long failed = errors.getOrDefault("total", 0L) + status4xx + status5xx;
        String error = replies == 0 ? "no replies: " + describeErrors() : null;
        return new Measurement(goodput, mean, Measurement.Latencies.NONE, replies, durationSec, failed,
                Map.copyOf(detail), maxConcurrent, clientLimit(), unmeasured, error, status2xx,
                Measurement.perSecond(replies, durationSec), mean, null,
                failed > 0 ? Point.ALL_ANSWERS : Point.SUCCESSES);
    }

    private String describeErrors() {
        StringBuilder sb = new StringBuilder();
        errors.forEach((k, v) -> {
            if (!k.equals("total") && v > 0) {
                sb.append(sb.isEmpty() ? "" : ", ").append(k).append(' ').append(v);
            }
        });
        return sb.isEmpty() ? "httperf reported no errors" : sb + " of " + connections + " connections";
    }

    /** Non-null when httperf hit a client-side limit (it, not the server, was the bottleneck). */
    private String clientLimit() {
        StringBuilder sb = new StringBuilder();
        for (String k : CLIENT_LIMITS) {
            long n = errors.getOrDefault(k, 0L);
            if (n > 0) {
                sb.append(sb.isEmpty() ? "httperf client limit: " : ", ").append(k).append(' ').append(n);
            }
        }
        return sb.isEmpty() ? null : sb.toString();
    }
}
