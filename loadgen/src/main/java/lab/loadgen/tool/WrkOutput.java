package lab.loadgen.tool;

import lab.report.results.Point;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines wrk 4.x and wrk2 print in common, read once: thread stats, the latency distribution,
 * totals, socket errors, non-2xx counts, "unable to connect". Only the first latency distribution
 * is kept: wrk2 prints the corrected ("Recorded Latency") one first and the uncorrected one (-U)
 * after it.
 */
final class WrkOutput {

    private static final Pattern LATENCY = Pattern.compile("^\\s*Latency\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+\\S+\\s*$");
    private static final Pattern DIST_HEADER = Pattern.compile("^\\s*Latency Distribution.*$");
    private static final Pattern PERCENTILE = Pattern.compile("^\\s*(\\d+(?:\\.\\d+)?)%\\s+(\\S+)\\s*$");
    private static final Pattern TOTAL = Pattern.compile("^\\s*(\\d+) requests in (\\S+), .* read\\s*$");
    private static final Pattern RPS = Pattern.compile("^Requests/sec:\\s+(\\S+)\\s*$");
    private static final Pattern SOCKET = Pattern.compile(
            "^\\s*Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)\\s*$");
    private static final Pattern NON2XX = Pattern.compile("^\\s*Non-2xx or 3xx responses: (\\d+)\\s*$");
    private static final Pattern UNABLE = Pattern.compile("^unable to connect to (\\S+) (.*)$");
    /** Printed by {@link WrkScript}'s done(): "Status codes: 200=1234 502=5". */
    private static final Pattern STATUS_CODES = Pattern.compile("^Status codes:((?: \\d+=\\d+)*)\\s*$");
    /** Printed by {@link WrkScript}'s done() where its Lua has a clock: "First answer after: 1.234 s, first success after: none s". */
    private static final Pattern FIRST = Pattern.compile("^First answer after: (\\S+) s, first success after: (\\S+) s\\s*$");
    /** Printed by {@link WrkScript}'s done() where its Lua has a clock: the time-mean of requests in flight. */
    private static final Pattern IN_FLIGHT = Pattern.compile("^In flight after the first answer: (\\S+)\\s*$");

    Double meanMs;
    Double maxMs;
    final Map<Double, Double> percentiles = new TreeMap<>();
    Long requests;
    Double durationSec;
    Double requestsPerSec;
    final Map<String, Long> errorDetail = new LinkedHashMap<>();
    /** Answers by status code, from the status script; null when it printed nothing. */
    Map<Integer, Long> statuses;
    String connectError;
    /** Seconds from the start to the first answer of any status, and to the first success; null where not printed or none came. */
    Double firstAnswerSec;
    Double firstSuccessSec;
    /** Requests in flight on average from the first answer to the end, as the script counted them; null where not printed. */
    Double inFlight;

    static WrkOutput read(String output) {
        WrkOutput o = new WrkOutput();
        int distributions = 0;
        boolean inFirstDistribution = false;
        for (String line : output.split("\\R")) {
            if (DIST_HEADER.matcher(line).matches()) {
                distributions++;
                inFirstDistribution = distributions == 1;
                continue;
            }
            Matcher m = PERCENTILE.matcher(line);
            if (m.matches()) {
                if (inFirstDistribution) {
                    o.percentiles.put(Double.parseDouble(m.group(1)), Units.millis(m.group(2)));
                }
                continue;
            }
            o.readLine(line);
        }
        return o;
    }

    private void readLine(String line) {
        Matcher m;
        if ((m = LATENCY.matcher(line)).matches()) {
            meanMs = Units.millis(m.group(1));
            maxMs = Units.millis(m.group(3));
        } else if ((m = TOTAL.matcher(line)).matches()) {
            requests = Long.parseLong(m.group(1));
            Double ms = Units.millis(m.group(2));
            durationSec = ms == null ? null : ms / 1000.0;
        } else if ((m = RPS.matcher(line)).matches()) {
            requestsPerSec = Units.number(m.group(1));
        } else if ((m = SOCKET.matcher(line)).matches()) {
            List<String> kinds = List.of("connect", "read", "write", "timeout");
            for (int i = 0; i < kinds.size(); i++) {
                errorDetail.put(kinds.get(i), Long.parseLong(m.group(i + 1)));
            }
        } else if ((m = NON2XX.matcher(line)).matches()) {
            errorDetail.put("non2xx3xx", Long.parseLong(m.group(1)));
        } else if ((m = STATUS_CODES.matcher(line)).matches()) {
            statuses = new TreeMap<>();
            for (String pair : m.group(1).strip().split(" ")) {
                if (!pair.isEmpty()) {
                    String[] kv = pair.split("=");
                    statuses.merge(Integer.parseInt(kv[0]), Long.parseLong(kv[1]), Long::sum);
                }
            }
        } else if ((m = FIRST.matcher(line)).matches()) {
            firstAnswerSec = seconds(m.group(1));
            firstSuccessSec = seconds(m.group(2));
        } else if ((m = IN_FLIGHT.matcher(line)).matches()) {
            inFlight = Units.number(m.group(1));
        } else if ((m = UNABLE.matcher(line)).matches()) {
            connectError = "unable to connect to " + m.group(1) + ": " + m.group(2);
        }
    }

    /**
     * {@code count} per second from the first of them to the end of the run, or null without that
     * time. A run starts with nothing in flight (loadgen waits until the instance is idle), so no
     * answer can come before the first request has crossed the whole page: for a page of 16 round
     * trips at 78 ms (jdbc at wan) that is over a second of a repetition's six in which the pools
     * were already busy but nothing could be counted yet: the map read 41.7 pages/s where a 20 s run
     * by hand read 48.4 (the pools' bound: 50). The time left out is at most half the run.
     */
    private Double afterFill(long count, Double firstSec) {
        if (firstSec == null || durationSec == null || durationSec <= 0) {
            return null;
        }
        return count / (durationSec - Math.min(Math.max(0, firstSec), durationSec / 2));
    }

    private static Double seconds(String printed) {
        return printed.equals("none") ? null : Units.number(printed);
    }

    /** The value printed for this percentile, or null when the tool printed none. */
    Double percentile(double p) {
        return percentiles.get(p);
    }

    /**
     * Converts to a Measurement. Every figure left null gets a reason: the general one, or
     * {@code notPrinted}'s entry when the tool ran fine but never prints that figure.
     *
     * <p>Successes are the 2xx answers the status script counted; without its line (a run without
     * the script), every answer that is not in wrk's "Non-2xx or 3xx" count. Failures are the
     * other answers by code plus the socket errors. wrk's latencies cover every answer: it cannot
     * time successes apart, so {@code latencyOf} says so when there were failures.
     */
    Measurement toMeasurement(String tool, Map<String, String> notPrinted) {
        if (requests == null) {
            return Measurement.failed(connectError != null ? connectError : tool + " printed no statistics");
        }
        Map<String, Long> failures = new LinkedHashMap<>();
        long successes;
        // wrk 4 counts a reply slower than --timeout among its requests (and hands it to the script) and
        // also as a timeout: it is a failure only, so the timeouts come off the successes (wrk2's timeouts
        // are requests that never completed, outside its request count)
        long slow = tool.equals("wrk") ? errorDetail.getOrDefault("timeout", 0L) : 0L;
        if (statuses != null) {
            successes = Math.max(0, statuses.entrySet().stream().filter(e -> e.getKey() / 100 == 2)
                    .mapToLong(Map.Entry::getValue).sum() - slow);
            statuses.forEach((code, n) -> {
                if (code / 100 != 2) {
                    failures.put("status" + code, n);
                }
            });
        } else {
            long non2xx = errorDetail.getOrDefault("non2xx3xx", 0L);
            successes = Math.max(0, requests - non2xx - slow);
            if (non2xx > 0) {
                failures.put("non2xx3xx", non2xx);
            }
        }
        errorDetail.forEach((kind, n) -> {
            if (!kind.equals("non2xx3xx") && n > 0) {
                failures.put(kind, n);
            }
        });
        long failed = failures.values().stream().mapToLong(Long::longValue).sum();
        // wrk records no latency for a response slower than --timeout: all-zero stats mean "none completed in time"
        boolean noLatencies = maxMs == null || maxMs == 0.0;
        Measurement.Latencies lat = noLatencies ? Measurement.Latencies.NONE
                : new Measurement.Latencies(percentile(50), percentile(75), percentile(90), percentile(99),
                        percentile(99.9), maxMs);
        Double mean = noLatencies ? null : meanMs;
        // the tool's own rate scaled to the successes (its run time is more precise than the printed one),
        // or, where the script printed when the first success came, the successes over the time from it
        Double goodput = afterFill(successes, firstSuccessSec);
        if (goodput == null) {
            goodput = requestsPerSec != null && requests > 0 ? requestsPerSec * successes / requests
                    : Measurement.perSecond(successes, durationSec);
        }
        Double answersPerSec = afterFill(requests, firstAnswerSec);
        if (answersPerSec == null) {
            answersPerSec = requestsPerSec;
        }
        String general = noLatencies ? "no response completed within " + tool + "'s --timeout"
                : percentiles.isEmpty() ? tool + " was run without --latency: no distribution printed" : null;
        Map<String, Double> values = new LinkedHashMap<>();
        values.put("requestsPerSec", goodput);
        values.put("meanReplyMs", mean);
        values.put("p50Ms", lat.p50());
        values.put("p90Ms", lat.p90());
        values.put("p99Ms", lat.p99());
        values.put("p999Ms", lat.p999());
        Map<String, String> unmeasured = new LinkedHashMap<>();
        values.forEach((field, value) -> {
            if (value == null) {
                String why = field.equals("requestsPerSec") ? tool + " printed no test duration"
                        : general != null ? general : notPrinted.getOrDefault(field, tool + " printed no " + field);
                unmeasured.put(field, why);
            }
        });
        unmeasured.put("failureMeanMs", tool + " times every answer alike: failures have no latency of their own");
        return new Measurement(goodput, mean, lat, requests, durationSec, failed, Map.copyOf(failures), null, null,
                unmeasured, null, successes, answersPerSec, mean, null,
                failed > 0 ? Point.ALL_ANSWERS : Point.SUCCESSES, inFlight);
    }

}
