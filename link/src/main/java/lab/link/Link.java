package lab.link;

import java.util.Locale;

/**
 * A link between the apps and their databases, as {@code LINK=} names it: {@code loopback} (no
 * proxy), {@code lan} (0.19 ms RTT, thesis Fig. 4.2), {@code wan} (78 ms, thesis Fig. 4.3) or a
 * number of milliseconds of round-trip time ({@code 0} = proxies with no added latency).
 *
 * <p>The RTT is split downstream (the larger half) and upstream, in microseconds, for the lab's
 * latency_us toxic (link/toxiproxy-lab) at every RTT: {@code lan} adds its 0.19 ms on top of the
 * proxy hop, and at {@code wan} it sends the pipelined replies due together as one, where
 * upstream's millisecond toxic sent each on alone.
 */
public record Link(String name, double rttMs) {

    public static final Link LOOPBACK = new Link("loopback", 0);
    public static final Link LAN = new Link("lan", 0.19);
    public static final Link WAN = new Link("wan", 78);

    public Link {
        if (!(rttMs >= 0) || Double.isInfinite(rttMs)) {
            throw new IllegalArgumentException("RTT must be a finite number of milliseconds >= 0, got " + rttMs);
        }
    }

    public static Link parse(String text) {
        String s = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return switch (s) {
            case "", "loopback" -> LOOPBACK;
            case "lan" -> LAN;
            case "wan" -> WAN;
            default -> {
                try {
                    yield new Link(s, Double.parseDouble(s.endsWith("ms") ? s.substring(0, s.length() - 2) : s));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("unknown LINK '" + text
                            + "'; accepted: loopback, lan (0.19 ms RTT), wan (78 ms RTT) or a number of milliseconds of RTT");
                }
            }
        };
    }

    /** Loopback means no proxy at all; every other link goes through Toxiproxy, even at 0 ms. */
    public boolean proxied() {
        return this != LOOPBACK && !name.equals(LOOPBACK.name);
    }

    /**
     * A proxied link below a millisecond (lan): what the proxy hop and the timer's lateness add is
     * of its own size, so it is set by measuring ({@link LinkCalibration}) where a probe can.
     */
    public boolean needsCalibration() {
        return proxied() && rttMs > 0 && rttMs < 1;
    }

    /** Added latency on the server → client direction, whole microseconds (the larger half). */
    public long downstreamUs() {
        long total = Math.round(rttMs * 1000);
        return total - total / 2;
    }

    /** Added latency on the client → server direction, whole microseconds. */
    public long upstreamUs() {
        return Math.round(rttMs * 1000) / 2;
    }

    @Override
    public String toString() {
        return proxied() ? name + " (" + format(rttMs) + " ms RTT)" : name;
    }

    /** Milliseconds as a user writes them: 78, 0.19. */
    public static String format(double ms) {
        return ms == Math.rint(ms) ? Long.toString((long) ms) : Double.toString(ms);
    }
}
