package lab.report.load;

import lab.report.results.Point;

/** What a request costs the app, derived from a point's own figures. */
final class Cost {

    private Cost() {
    }

    /**
     * The app's CPU time per successful request, in ms: its mean process CPU (a share of the whole
     * machine, from its own metrics) × cores × 1,000 ms, per success per second. Null when a
     * figure is missing or nothing succeeded.
     */
    static Double cpuMsPerSuccess(Point p, int cores) {
        if (p == null || p.serverCpuPct() == null || p.requestsPerSec() == null || p.requestsPerSec() <= 0 || cores <= 0) {
            return null;
        }
        return p.serverCpuPct() / 100.0 * cores * 1000.0 / p.requestsPerSec();
    }

    /** The machine's CPU left to the measured instance during the point, in cores; null when not recorded. */
    static Double cpuLeftCores(Point p) {
        return null;
    }
}
