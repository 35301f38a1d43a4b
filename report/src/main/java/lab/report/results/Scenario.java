package lab.report.results;

import java.util.Locale;

/** One measured situation of an app: a concurrency, and the link's RTT when the run set one. */
public record Scenario(int concurrency, Double rttMs) implements Comparable<Scenario> {

    public String label() {
        String c = concurrency + " connections";
        if (rttMs == null) {
            return c;
        }
        String rtt = rttMs == 0 ? "0 ms RTT (proxies, no added latency)"
                : String.format(Locale.ROOT, "%s ms RTT", rttMs == Math.rint(rttMs) ? String.valueOf(rttMs.longValue()) : rttMs.toString());
        return c + ", " + rtt;
    }

    @Override
    public int compareTo(Scenario o) {
        int r = Double.compare(rttMs == null ? -1 : rttMs, o.rttMs == null ? -1 : o.rttMs);
        return r != 0 ? r : Integer.compare(concurrency, o.concurrency);
    }
}
