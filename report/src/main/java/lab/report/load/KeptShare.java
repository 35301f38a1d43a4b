package lab.report.load;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

import lab.report.results.Point;
import lab.report.results.Series;

/**
 * At the highest load, one mode's goodput at each round trip: as a share of its own goodput on the
 * proxy hop alone (0 ms), and as a share of its own connection bound where one holds (a portal mode
 * whose sessions are not pipelined: connections per source ÷ (the busiest source's queries per
 * page × the round trip measured)); "—" where not measured or no bound holds. Beside them, per
 * round trip, the median reply in round trips ({@code median}, from 1 ms) and, where the machine's
 * cores were busy, its CPU ceiling ({@code cpu}, {@link #cpuCeiling}): the pages/s they allow at
 * the CPU every part spent per success (app, link, databases, load tool, the rest), and by
 * Little's law the least mean reply the connections then see. A mode at its ceiling has no
 * latency left to hide: the CPU, not the link, sets its reply. And where that ceiling binds at a
 * round trip above 0 ms, the share of its 0 ms goodput it allows ({@code cap}, {@link #shareCap}),
 * with the parts whose CPU per page grew or shrank. Empty strings where not measured.
 */
public record KeptShare(String mode, List<String> ofZero, List<String> ofBound, List<String> median, List<String> cpu,
                        List<String> cap) {

    static List<KeptShare> of(String app, List<Series> series, int level, List<Double> rtts, int cores) {
        List<KeptShare> out = new ArrayList<>();
        for (Series s : series) {
            Map<Double, Point> at = new LinkedHashMap<>();
            s.points().stream().filter(p -> Objects.equals(p.concurrency(), level) && p.rttMs() != null && p.error() == null
                    && p.requestsPerSec() != null).forEach(p -> at.put(p.rttMs(), p));
            Point zero = at.get(0.0);
            List<String> ofZero = new ArrayList<>();
            List<String> ofBound = new ArrayList<>();
            List<String> median = new ArrayList<>();
            List<String> cpu = new ArrayList<>();
            List<String> cap = new ArrayList<>();
            for (double rtt : rtts) {
                Point p = at.get(rtt);
                median.add(p == null ? "" : medianInRtts(p));
                cpu.add(p == null ? "" : cpuCeiling(p, level, cores));
                cap.add(p == null || zero == null || p == zero ? "" : shareCap(p, zero, cores));
                ofZero.add(p == null || zero == null || !(zero.requestsPerSec() > 0) ? "—"
                        : String.format(Locale.ROOT, "%.0f %%", p.requestsPerSec() / zero.requestsPerSec() * 100));
                Double bound = p == null ? null : bound(app, p);
                ofBound.add(bound == null ? "—" : String.format(Locale.ROOT, "%.0f %% of %.0f/s",
                        p.requestsPerSec() / bound * 100, bound));
            }
            out.add(new KeptShare(s.mode(), ofZero, ofBound, median, cpu, cap));
        }
        return out;
    }

    /** "median 1.90 RTT": the median reply in round trips of the link measured; "" below 1 ms or unmeasured. */
    static String medianInRtts(Point p) {
        Double rtt = measuredRtt(p);
        return rtt == null || rtt < 1 || p.p50Ms() == null ? "" : String.format(Locale.ROOT, "median %.2f RTT", p.p50Ms() / rtt);
    }

    /**
     * Where the machine's cores were busy (at least {@link Sentence#CPU_BOUND_SHARE}): "CPU-bound:
     * 1.60 ms of the machine's CPU a page on 2 cores, at most 1,252/s, so a mean reply ≥ 160 ms (2.0
     * RTT)"; elsewhere "the machine's CPU 16 % busy: not what bounds it" (a CPU per page measured on
     * an idle machine carries its background, so no ceiling is drawn from it); "" without the CPU
     * split by part.
     */
    static String cpuCeiling(Point p, int level, int cores) {
        Map<String, Double> parts = parts(p);
        if (parts.isEmpty() || cores <= 0 || p.requestsPerSec() == null) {
            return "";
        }
        double msPerSuccess = sum(parts);
        if (!(msPerSuccess > 0)) {
            return "";
        }
        double ceiling = cores * 1000.0 / msPerSuccess;
        double busy = p.requestsPerSec() / ceiling;
        if (busy < Sentence.CPU_BOUND_SHARE) {
            return String.format(Locale.ROOT, "the machine's CPU %.0f %% busy: not what bounds it", busy * 100);
        }
        double leastMeanMs = level / ceiling * 1000.0;
        Double rtt = measuredRtt(p);
        String inRtts = rtt == null || rtt < 1 ? "" : String.format(Locale.ROOT, " (%.1f RTT)", leastMeanMs / rtt);
        return String.format(Locale.ROOT, "CPU-bound: %.2f ms of the machine's CPU a page on %d cores, at most %,.0f/s, so a mean reply ≥ %.0f ms%s",
                msPerSuccess, cores, ceiling, leastMeanMs, inRtts);
    }

    /**
     * Where the machine's cores bound a point (as in {@link #cpuCeiling}), the most of its 0 ms goodput
     * they let it keep: its CPU ceiling there ÷ its goodput at 0 ms, and what moved the machine's CPU
     * per page, the parts that changed by at least 0.01 ms, largest first: "on 2 cores at most 81 % of
     * its 0 ms goodput: the machine's CPU a page 1.21 ms, +0.26 over 0 ms (toxiproxy (link) +0.12,
     * app +0.05, postgresql +0.05, mariadb +0.02)". A mode below that share lost goodput to something
     * else than CPU (queueing, its connections); a mode at it hides the latency but pays for it in CPU.
     * "" where the ceiling does not bind or either point has no CPU split by part.
     */
    static String shareCap(Point p, Point zero, int cores) {
        Map<String, Double> parts = parts(p);
        Map<String, Double> zeroParts = parts(zero);
        if (parts.isEmpty() || zeroParts.isEmpty() || cores <= 0 || p.requestsPerSec() == null
                || zero.requestsPerSec() == null || !(zero.requestsPerSec() > 0)) {
            return "";
        }
        double ms = sum(parts);
        double ceiling = cores * 1000.0 / ms;
        if (!(ms > 0) || p.requestsPerSec() / ceiling < Sentence.CPU_BOUND_SHARE) {
            return "";
        }
        // each part's change in hundredths of a ms, as printed; the largest first, equal ones by name
        Map<String, Long> hundredths = new TreeMap<>();
        TreeSet<String> names = new TreeSet<>(parts.keySet());
        names.addAll(zeroParts.keySet()); // a part gone at this RTT moved too
        for (String part : names) {
            double d = parts.getOrDefault(part, 0.0) - zeroParts.getOrDefault(part, 0.0);
            long h = Math.round(Math.abs(d) * 100) * (long) Math.signum(d);
            if (h != 0) {
                hundredths.put(part, h);
            }
        }
        List<String> moved = hundredths.entrySet().stream()
                .sorted(Comparator.comparingLong((Map.Entry<String, Long> e) -> -Math.abs(e.getValue())))
                .map(e -> String.format(Locale.ROOT, "%s %+.2f", e.getKey(), e.getValue() / 100.0)).toList();
        double share = ceiling / zero.requestsPerSec();
        return String.format(Locale.ROOT, "on %d cores %s: the machine's CPU a page %.2f ms, %+.2f over 0 ms%s", cores,
                share >= 1 ? "its 0 ms goodput fits" : String.format(Locale.ROOT, "at most %.0f %% of its 0 ms goodput", share * 100),
                ms, ms - sum(zeroParts), moved.isEmpty() ? "" : " (" + String.join(", ", moved) + ")");
    }

    private static Map<String, Double> parts(Point p) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (p.cost() != null && p.cost().cpuMsPerSuccessByPart() != null) {
            p.cost().cpuMsPerSuccessByPart().forEach((k, v) -> {
                if (v != null) {
                    out.put(k, v);
                }
            });
        }
        return out;
    }

    private static double sum(Map<String, Double> parts) {
        return parts.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    private static Double measuredRtt(Point p) {
        return p.rttMeasuredMs() != null ? p.rttMeasuredMs() : p.rttMs();
    }

    /** Pages/s the connections allow, or null where no such bound holds (pipelined sessions, another app, no RTT). */
    static Double bound(String app, Point p) {
        Double rtt = measuredRtt(p);
        if (!app.equals("portal") || Boolean.TRUE.equals(p.multiplexing()) || p.dbConnections() == null
                || p.dbConnections().isEmpty() || rtt == null || rtt < 1) {
            return null; // below a millisecond the CPU, not the link, bounds a page
        }
        int connections = p.dbConnections().values().stream().mapToInt(Integer::intValue).min().orElseThrow();
        return connections / (AnswerMap.PORTAL_BUSIEST_SOURCE_QUERIES * rtt / 1000.0);
    }
}
