package lab.report.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import lab.report.Spread;
import lab.report.results.Interference;
import lab.report.results.Point;
import lab.report.results.Results;
import lab.report.results.Series;

/**
 * How fast the machine itself ran over a run, from each repetition's {@link Interference#hostLoopMs}
 * (loadgen's fixed loop, timed in its own CPU time): the spread over the run, and how much of the
 * repetitions' goodput spread it explains. A repetition counts towards the latter where the cores were
 * busy ({@link Sentence#CPU_BOUND_SHARE}): only there can the host's speed set the goodput. Each
 * repetition is taken against its own point's median (goodput and loop time), in logarithms, so
 * that points of every size pool into one correlation.
 *
 * @param loop      the loop's CPU ms over every timed repetition (median, fastest, slowest, count)
 * @param r         the correlation of goodput with the loop's time (negative: a slower host, fewer
 *                  pages), or null with fewer than {@link #MIN_PAIRS} busy repetitions
 * @param pairs     the busy repetitions it was computed over
 */
public record HostSpeed(Spread loop, Double r, int pairs) {

    static final int MIN_PAIRS = 10;

    /** Null when fewer than three repetitions were timed (runs before the probe, other hosts). */
    public static HostSpeed of(Results results) {
        return of(results.series(), results.run().machine() == null || results.run().machine().cpus() == null ? 0
                : results.run().machine().cpus());
    }

    /** {@link #of(Results)} over these series, on a machine of {@code cores} cores. */
    static HostSpeed of(List<Series> series, int cores) {
        List<Double> loops = new ArrayList<>();
        List<double[]> pairs = new ArrayList<>();
        for (Series s : series) {
            for (Point p : s.points()) {
                List<Point> reps = p.repetitions() == null || p.repetitions().isEmpty() ? List.of(p) : p.repetitions();
                List<Point> timed = reps.stream().filter(x -> x.error() == null && loopMs(x) != null).toList();
                timed.forEach(x -> loops.add(loopMs(x)));
                pairs.addAll(deviations(timed, cores));
            }
        }
        Spread loop = Spread.of(loops);
        if (loop == null || loop.n() < 3) {
            return null;
        }
        return new HostSpeed(loop, pairs.size() < MIN_PAIRS ? null : pearson(pairs), pairs.size());
    }

    /** Each busy repetition's (log loop ÷ point median, log goodput ÷ point median), with three or more. */
    private static List<double[]> deviations(List<Point> timed, int cores) {
        List<Point> busy = timed.stream().filter(x -> x.requestsPerSec() != null && x.requestsPerSec() > 0
                && cores > 0 && x.interference().machineBusyPct() != null
                && x.interference().machineBusyPct() >= Sentence.CPU_BOUND_SHARE * cores * 100).toList();
        if (busy.size() < 3) {
            return List.of();
        }
        double loopMedian = Spread.of(busy.stream().map(HostSpeed::loopMs).toList()).median();
        double goodputMedian = Spread.of(busy.stream().map(Point::requestsPerSec).toList()).median();
        return busy.stream().map(x -> new double[] {Math.log(loopMs(x) / loopMedian),
                Math.log(x.requestsPerSec() / goodputMedian)}).toList();
    }

    private static Double loopMs(Point p) {
        return p.interference() == null ? null : p.interference().hostLoopMs();
    }

    static Double pearson(List<double[]> xy) {
        double mx = xy.stream().mapToDouble(v -> v[0]).average().orElse(0);
        double my = xy.stream().mapToDouble(v -> v[1]).average().orElse(0);
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (double[] v : xy) {
            sxy += (v[0] - mx) * (v[1] - my);
            sxx += (v[0] - mx) * (v[0] - mx);
            syy += (v[1] - my) * (v[1] - my);
        }
        return sxx == 0 || syy == 0 ? null : Math.round(sxy / Math.sqrt(sxx * syy) * 100.0) / 100.0;
    }

    /** What the map page says about it. */
    public String sentence() {
        String text = String.format(Locale.ROOT, "The machine's own speed: loadgen's fixed loop took %.2f–%.2f ms of CPU "
                + "(median %.2f) in this run's %d timed repetitions, %.1f× apart from the fastest to the slowest; every CPU "
                + "figure of a repetition is in the machine's time of that moment.", loop.min(), loop.max(), loop.median(),
                loop.n(), loop.max() / loop.min());
        if (r == null) {
            return text;
        }
        if (r > -0.3) {
            return text + String.format(Locale.ROOT, " Where the cores were busy, goodput did not clearly follow it: r = %.2f "
                    + "over %d repetitions, each against its own point's median.", r, pairs);
        }
        return text + String.format(Locale.ROOT, " Where the cores were busy, a repetition's goodput moved with it: r = %.2f "
                + "over %d repetitions, each against its own point's median, so the host's speed accounts for %.0f %% of "
                + "how much they differ. Hence the interleaved repetitions, and ratios only within one run.", r, pairs,
                r * r * 100);
    }
}
