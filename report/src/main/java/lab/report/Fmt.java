package lab.report;

import java.util.Locale;

/** Numbers as the pages show them: about three significant digits with thousands separators, or trimmed. */
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

    /** "1.23× (1.05–1.40)": a ratio's median and its range; "—" when there is none, "∞" for a zero denominator. */
    public static String ratioRange(Spread r) {
        if (r == null || Double.isNaN(r.median())) {
            return "—";
        }
        return ratio(r.median()) + " (" + bound(r.min()) + "–" + bound(r.max()) + ")";
    }

    private static String bound(double v) {
        return Double.isInfinite(v) ? "∞" : String.format(Locale.ROOT, "%.2f", v);
    }

    public static String ratio(double v) {
        if (Double.isInfinite(v)) {
            return "∞";
        }
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%.2f×", v);
    }

    /** "1.5", "78", "0.2": two decimals at most, no trailing zeros (link round trips, levels). */
    public static String trimmed(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.2f", v).replaceAll("0+$", "");
    }

    /** "median (min–max)" in {@code format}. */
    public static String spread(Spread s, String format) {
        format = format.equals("%d") ? "%.0f" : format;
        return String.format(Locale.ROOT, format + " (" + format + "–" + format + ")", s.median(), s.min(), s.max());
    }

    /** "app 0.42 · toxiproxy (link) 0.10 · mariadb 0.20", each to three decimals, in the map's order. */
    public static String parts(java.util.Map<String, Double> byPart) {
        StringBuilder out = new StringBuilder();
        byPart.forEach((part, v) -> out.append(out.isEmpty() ? "" : " · ").append(part).append(' ')
                .append(v == null ? "—" : String.format(Locale.ROOT, "%.3f", v)));
        return out.toString();
    }
}
