package lab.microbench.report;

import java.util.Locale;

/** Number formatting for the page: about three significant digits, thousands separators. */
public final class Fmt {

    private Fmt() {
    }

    public static String num(double v) {
        if (Double.isNaN(v)) {
            return "–";
        }
        double a = Math.abs(v);
        if (a >= 100 || v == Math.rint(v) && a >= 1) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }

    public static String withError(double score, double error) {
        return num(score) + " ± " + num(error);
    }

    public static String ratio(double v) {
        if (Double.isInfinite(v)) {
            return "∞";
        }
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%.2f×", v);
    }
}
