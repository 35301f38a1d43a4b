package lab.access.spi;

import java.io.IOException;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Predicate;
import lab.access.ForkJoin;

/**
 * Driver errors: the one rule that tells a lost source from an SQL error ({@link #isConnectionFailure}),
 * and short, one-line descriptions for messages that name the source.
 */
public final class Failures {

    /** SQLState class 08: connection exception. */
    private static final String CONNECTION_CLASS = "08";

    private Failures() {
    }

    /**
     * Whether a driver error means the connection is lost or could not be had, in every engine. An
     * error that carries an SQLState is judged by it alone: class 08 is a connection failure, any
     * other is the statement's error and keeps its state (a RAISE, a deadlock, a statement timeout),
     * whatever exception class the driver chose for it. Only an error without one is judged by its
     * kind: an I/O error, a timeout, or what the engine knows as a closed, refused or shut-down
     * connection. The causes are read in turn, the first that decides wins.
     *
     * @param sqlState the SQLState a driver error carries, or null (blank counts as none)
     * @param gone     the engine's own stateless signs of a connection gone
     */
    public static boolean isConnectionFailure(Throwable error, Function<Throwable, String> sqlState, Predicate<Throwable> gone) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String state = sqlState.apply(t);
            if (state != null && !state.isBlank()) {
                return state.startsWith(CONNECTION_CLASS);
            }
            if (t instanceof IOException || t instanceof TimeoutException || gone.test(t)) {
                return true;
            }
        }
        return false;
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
