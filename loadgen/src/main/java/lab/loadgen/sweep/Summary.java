package lab.loadgen.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import lab.report.results.Point;
import lab.report.results.Results;
import lab.report.results.Series;

/** The end-of-run lines: peak requests/sec per app, mode and tool, with the level it was reached at. */
public final class Summary {

    private Summary() {
    }

    public static List<String> peaks(Results r) {
        List<String> lines = new ArrayList<>();
        for (Series s : r.series()) {
            Point best = s.points().stream().filter(p -> p.requestsPerSec() != null)
                    .max(Comparator.comparingDouble(Point::requestsPerSec)).orElse(null);
            lines.add(String.format(Locale.ROOT, "peak %-7s %-12s %-8s %s", s.app(), s.mode(), s.tool(),
                    best == null ? "— (no point measured requests/sec)"
                            : String.format(Locale.ROOT, "%.1f req/s at %d connections", best.requestsPerSec(),
                            best.concurrency())));
        }
        return lines;
    }
}
