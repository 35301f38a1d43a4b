package lab.microbench.report;

import java.util.Locale;

/** Number formatting for the page: about three significant digits, thousands separators. */
final class Fmt {

    private Fmt() {
    }

    static String num(double v) {
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

    static String withError(double score, double error) {
        return num(score) + " ± " + num(error);
    }

    static String ratio(double v) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%.2f×", v);
    }
}
