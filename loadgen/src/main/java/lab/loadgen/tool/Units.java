package lab.loadgen.tool;

import java.util.Locale;

/** Numbers as the load tools print them: wrk's "750.59ms", "1.11s", "12.3us", "1.00m"; "-nan". */
public final class Units {

    private Units() {
    }

    /** A plain number, or null for "nan", "-nan", "inf" (the tool had nothing to divide by). */
    public static Double number(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.contains("nan") || t.contains("inf")) {
            return null;
        }
        return Double.parseDouble(t);
    }

    /** A duration with its unit (us, ms, s, m, h) in milliseconds, or null for "-nan". */
    public static Double millis(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.contains("nan")) {
            return null;
        }
        int unitStart = 0;
        while (unitStart < t.length() && (Character.isDigit(t.charAt(unitStart)) || t.charAt(unitStart) == '.')) {
            unitStart++;
        }
        double value = Double.parseDouble(t.substring(0, unitStart));
        String unit = t.substring(unitStart);
        return switch (unit) {
            case "us" -> value / 1000.0;
            case "ms" -> value;
            case "s", "" -> value * 1000.0;
            case "m" -> value * 60_000.0;
            case "h" -> value * 3_600_000.0;
            default -> throw new IllegalArgumentException("unknown time unit '" + unit + "' in '" + text + "'");
        };
    }
}
