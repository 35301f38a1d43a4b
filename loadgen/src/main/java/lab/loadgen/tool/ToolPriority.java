package lab.loadgen.tool;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The load tools run ahead of the app on shared cores: {@code nice -n -10} before their command,
 * where this process may raise a priority (root, or CAP_SYS_NICE). On two cores shared with the app,
 * wrk at the app's priority waits for a core between an answer and its next request, and holds
 * fewer requests in flight than it has connections: the shop's non-blocking instance at 10,000
 * connections had 5,460–6,260 in flight by wrk's own count, and 9,680–9,730 with wrk at nice -10,
 * which also drew more answers (11,100–15,200/s against 9,590–12,200/s; three runs each, 2026-12-05).
 * A load host of its own needs none of this (docs/several-machines.md).
 */
public final class ToolPriority {

    static final String NICE = "-10";
    private static List<String> prefix;
    private static String refused;

    private ToolPriority() {
    }

    /** {@code nice -n -10} where it may be raised, else nothing. */
    public static synchronized List<String> prefix() {
        if (prefix == null) {
            String got = niceness();
            prefix = NICE.equals(got) ? List.of("nice", "-n", NICE) : List.of();
            refused = prefix.isEmpty() ? (got == null ? "no `nice` here" : "nice -n " + NICE + " refused (not root, "
                    + "or a container without CAP_SYS_NICE)") : null;
        }
        return prefix;
    }

    /** The load tools' priority, as the run records it among the lab's settings. */
    public static String describe() {
        return prefix().isEmpty() ? "the app's: " + refused : "nice " + NICE + ", ahead of the app on shared cores";
    }

    /** The niceness `nice -n -10 nice` reports (-10 where it may be raised), or null without `nice`. */
    private static String niceness() {
        try {
            Process p = new ProcessBuilder("nice", "-n", NICE, "nice").redirectErrorStream(false).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return out;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
