package lab.loadgen.report;

import java.util.Locale;

import lab.report.Spread;

/** Numbers as the pages show them. */
final class Fmt {

    private Fmt() {
    }

    /** "1.5", "78", "0.2": no trailing zeros. */
    static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.2f", v).replaceAll("0+$", "");
    }

    /** "median (min–max)" in {@code format}. */
    static String spread(Spread s, String format) {
        format = format.equals("%d") ? "%.0f" : format;
        return String.format(Locale.ROOT, format + " (" + format + "–" + format + ")", s.median(), s.min(), s.max());
    }
}
