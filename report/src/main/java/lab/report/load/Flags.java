package lab.report.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import lab.report.results.Point;

/** A point's flags as the pages print them: why it may not win a verdict or decide a claim. */
public final class Flags {

    private Flags() {
    }

    public static List<String> describe(Point p) {
        List<String> out = new ArrayList<>();
        if (p.error() != null) {
            out.add("failed");
        }
        if (p.hasFlag(Point.FLAG_ERRORS)) {
            out.add(String.format(Locale.ROOT, "✕ errors %.1f %% (> %.0f %%)",
                    p.errorRatePct() == null ? 0 : p.errorRatePct(), Point.ERROR_LIMIT_PCT));
        }
        if (p.hasFlag(Point.FLAG_BELOW_NOMINAL)) {
            out.add("✕ < 80 % of nominal concurrency");
        }
        if (p.hasFlag(Point.FLAG_INCONSISTENT)) {
            out.add(String.format(Locale.ROOT, "✕ inconsistent: %.1f in flight by Little's law for %d connections",
                    p.littleConcurrency(), p.concurrency()));
        }
        if (p.hasFlag(Point.FLAG_INTERFERENCE)) {
            out.add("▲ interference");
        }
        if (p.hasFlag("loadToolSaturated")) {
            out.add("▲ load tool saturated");
        }
        if (p.hasFlag("someRepetitionsFailed")) {
            out.add("✕ some repetitions failed");
        }
        return out;
    }
}
