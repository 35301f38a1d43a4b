package lab.loadgen.sweep;

import java.io.PrintStream;
import java.util.Locale;

import lab.loadgen.live.LiveFeed;
import lab.report.results.Point;

/**
 * One line per point with the point's main figures, elapsed time and the time still to come (the
 * sweep's budget estimates it: {@link Budget#toCome}).
 */
final class Progress {

    private final PrintStream out;
    private final LiveFeed live;
    private final int total;
    private final long startNanos = System.nanoTime();
    private int done;

    Progress(PrintStream out, int total, LiveFeed live) {
        this.out = out;
        this.live = live;
        this.total = total;
    }

    double elapsedSec() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    void info(String message) {
        out.printf("%s  [%s]%n", message, clock(elapsedSec()));
        out.flush();
        live.message(message);
    }

    /** A point's line; {@code toCome}: the run's time still to come, and its upper bound when the run has a budget. */
    void planned(PlannedPoint s, Point p, Budget.ToCome toCome) {
        done++;
        double elapsed = elapsedSec();
        String eta = clock(toCome.expectedSec()) + (toCome.atMostSec() == null ? ""
                : " (at most " + clock(toCome.atMostSec()) + ")");
        out.printf(Locale.ROOT, "[%" + width() + "d/%d] %-20s %-7s c=%-6d %s | elapsed %s  ETA %s%n",
                done, total, s.target().instance().name(), s.tool(), s.level(), figures(p),
                clock(elapsed), eta);
        out.flush();
        live.pointDone(p.error() != null, toCome.expectedSec(), toCome.atMostSec());
    }

    private int width() {
        return String.valueOf(total).length();
    }

    static String figures(Point p) {
        if (p.error() != null) {
            return "FAILED: " + p.error();
        }
        StringBuilder sb = new StringBuilder();
        sb.append(num(p.requestsPerSec(), "%.1f req/s"))
                .append("  mean ").append(num(p.meanReplyMs(), "%.1f ms"))
                .append("  p99 ").append(num(p.p99Ms(), "%.1f ms"))
                .append("  errors ").append(p.errors() == null ? "—" : p.errors())
                .append("  threads ").append(p.serverThreads() == null ? "—" : p.serverThreads())
                .append("  heap ").append(num(p.serverHeapMb(), "%.0f MB"))
                .append("  tool CPU ").append(num(p.loadToolCpuPct(), "%.0f%%"));
        if (Boolean.TRUE.equals(p.loadToolSaturated())) {
            sb.append("  [load tool saturated]");
        }
        return sb.toString();
    }

    private static String num(Double v, String fmt) {
        return v == null ? "—" : String.format(Locale.ROOT, fmt, v);
    }

    static String clock(double sec) {
        long s = Math.round(sec);
        return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format("%d:%02d", s / 60, s % 60);
    }
}
