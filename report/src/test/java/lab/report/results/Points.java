package lab.report.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Points and series for the report's tests: repetitions as a load tool records them, aggregated as a sweep does. */
public final class Points {

    private Points() {
    }

    /**
     * One repetition: goodput {@code rps}, {@code errors} failures beside {@code rps × 10} successes; every
     * connection holds a request by Little's law and by the app's own count.
     */
    public static Point rep(int c, double rps, long errors) {
        return rep(c, rps, errors, List.of());
    }

    /** One repetition as above, carrying {@code extraFlags} (e.g. a saturated load tool). */
    public static Point rep(int c, double rps, long errors, List<String> extraFlags) {
        return rep(c, rps, errors, extraFlags, c);
    }

    /** One repetition as above with {@code inFlight} requests in flight, by Little's law and by the app's own count. */
    public static Point rep(int c, double rps, long errors, List<String> extraFlags, double inFlight) {
        long successes = Math.round(rps * 10);
        double meanMs = inFlight * 1000.0 / (rps + errors / 10.0);
        Point p = new Point(c, rps, meanMs, null, null, errors, 50, 100.0, null, null, null, null, successes + errors, 10.0,
                null, null, 30.0, 10.0, 1.0, false, null, Map.of(), null, Map.of(), List.of(), null, null, "t");
        double rate = errors * 100.0 / (successes + errors);
        return new Point(p.concurrency(), p.requestsPerSec(), p.meanReplyMs(), null, null, errors, 50, 100.0, null, null,
                null, null, successes + errors, 10.0, null, null, 30.0, 10.0, 1.0, false, null,
                errors == 0 ? Map.of() : Map.of("status503", errors), null, Map.of(),
                flags(rate > Point.ERROR_LIMIT_PCT, extraFlags), null, null, "t",
                Point.little(rps + errors / 10.0, meanMs), null, null, null, null, null, null, null, successes,
                rps + errors / 10.0, rate, null, "successes", null, new Point.Queue(null, null, null, inFlight, null));
    }

    private static List<String> flags(boolean errors, List<String> extra) {
        List<String> flags = new ArrayList<>(extra);
        if (errors) {
            flags.add(Point.FLAG_ERRORS);
        }
        return flags;
    }

    /** A point at {@code c} connections whose repetitions gave {@code rps}, aggregated as a sweep does. */
    public static Point point(int c, Double rtt, double... rps) {
        return Repetitions.aggregate(c, Arrays.stream(rps).mapToObj(v -> rep(c, v, 0)).toList(), true, rtt);
    }

    public static Series series(String app, String mode, Point... points) {
        return new Series(app, mode, "wrk", app + "-" + mode, "http://x/", List.of(points));
    }
}
