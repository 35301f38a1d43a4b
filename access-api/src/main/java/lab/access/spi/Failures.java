package lab.access.spi;

import lab.access.ForkJoin;

/** Short, one-line descriptions of driver errors for messages that name the source. */
public final class Failures {

    private Failures() {
    }

    /** {@code "top message (RootCause: root message)"}, first lines only. */
    public static String describe(Throwable error) {
        Throwable top = ForkJoin.unwrap(error);
        Throwable root = rootCause(top);
        String text = firstLine(top.getMessage(), top.getClass().getSimpleName());
        if (root != top && root.getMessage() != null && !text.contains(firstLine(root.getMessage(), ""))) {
            text += " (" + root.getClass().getSimpleName() + ": " + firstLine(root.getMessage(), "") + ")";
        }
        return text;
    }

    public static Throwable rootCause(Throwable error) {
        Throwable t = error;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    private static String firstLine(String message, String fallback) {
        if (message == null || message.isBlank()) {
            return fallback;
        }
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).trim();
    }
}
